/** A file the mmCIF importer cannot read; the message names the file (when known) and the reason. */
export class MmcifError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MmcifError';
  }
}
