/** A file the mmCIF importer cannot read: the message names the file (when known) and the reason. */
export class MmcifError extends Error {
  constructor(
    source: string,
    /** Why, without the file's name (the import's report names the file itself). */
    readonly reason: string,
  ) {
    super(`${source}: ${reason}`);
    this.name = 'MmcifError';
  }
}
