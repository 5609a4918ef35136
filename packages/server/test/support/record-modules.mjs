// Records every module a process loads, ES modules and CommonJS alike, one path or URL a line, into
// the file named by RECORD_MODULES_FILE. Loaded first (NODE_OPTIONS=--import), before any transpiler,
// so it is plain JavaScript.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import process from 'node:process';

const file = process.env.RECORD_MODULES_FILE;
if (file) {
  // ES modules: a resolve hook, run in the loaders' thread, notes each URL resolved.
  const hooks = `
    import { appendFileSync } from 'node:fs';
    let file;
    export function initialize(data) { file = data.file; }
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(file, resolved.url + '\\n');
      return resolved;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url, { data: { file } });
  // CommonJS: every require, resolved as Node resolves it.
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    try {
      appendFileSync(file, `${Module._resolveFilename(request, parent, isMain)}\n`);
    } catch {
      // Unresolvable: the load below throws as it would have.
    }
    return load.apply(this, arguments);
  };
}
