// The facts pass alone, as a lint runs it: the inputs gathered and read as `meshlint PATH` reads
// them (with the rest of the repository for facts), then every fact of every input and context
// file gathered; no lint pass, no report. What a run with --cache must still do when a file has
// changed, whatever its cache holds. Built as the CLI is (buildProbe) and run by `npm run bench`;
// prints the number of namespaces it knows, so that the work cannot be skipped.
import { parse } from '../../src/cli/args.ts';
import { lookupFor } from '../../src/cli/config.ts';
import { asInput, gatherInputs } from '../../src/cli/inputs.ts';
import { factsPass } from '../../src/engine/facts-pass.ts';

const argv = process.argv.slice(2);
const io = {
  cwd: process.cwd(),
  stdout: (s: string) => void process.stdout.write(s),
  stderr: (s: string) => void process.stderr.write(s),
  readStdin: () => Buffer.alloc(0),
  isTTY: false,
  env: process.env,
};
const { values, positionals } = parse(argv);
const lookup = lookupFor(values, io);
const config = lookup.forDir(io.cwd);
const gathered = gatherInputs(positionals, values, config, io, lookup);
if (typeof gathered === 'number') process.exit(gathered);
const facts = factsPass([...gathered.inputs, ...(gathered.rendered.worlds[0] ?? []).map(asInput)], config, { context: gathered.context });
process.stdout.write(`${JSON.stringify({ namespaces: facts.namespaces.size })}\n`);
