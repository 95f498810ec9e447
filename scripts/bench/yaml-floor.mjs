// The floor of a straightforward JavaScript implementation: the `yaml` package's
// parseAllDocuments over every .yaml, .yml and .json file under the paths given (the files
// kubectl -R reads), and nothing else. Prints {"files","bytes","documents"} as JSON.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

let files = 0;
let bytes = 0;
let documents = 0;
function visit(path) {
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const name of readdirSync(path).sort()) visit(join(path, name));
    return;
  }
  if (!/\.(ya?ml|json)$/.test(path)) return;
  const buf = readFileSync(path);
  files++;
  bytes += buf.length;
  documents += parseAllDocuments(buf.toString('utf8')).length;
}
for (const p of process.argv.slice(2)) visit(p);
console.log(JSON.stringify({ files, bytes, documents }));
