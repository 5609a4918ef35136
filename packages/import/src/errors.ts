/** A bad file under --strict, a source that cannot be used, or an import refused. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export class ImportAbortedError extends Error {
  constructor() {
    super('import interrupted: the previous snapshot (if any) is left as it was');
    this.name = 'ImportAbortedError';
  }
}
