// Writes the rules section of schema/meshlint.schema.json from the rules' own metadata
// (ids, descriptions, option schemas). Run after adding a rule or changing its options:
// npm run schema
import { readFileSync, writeFileSync } from 'node:fs';
import { allRules } from '../rules/index.ts';
import { rulesSchema } from '../src/engine/config-schema.ts';

const file = new URL('../schema/meshlint.schema.json', import.meta.url);
const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
schema.properties.rules = rulesSchema(allRules);
writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
// The VS Code extension's copy, which its yamlValidation names: a .vsix holds only its own folder.
writeFileSync(new URL('../editors/vscode/meshlint.schema.json', import.meta.url), `${JSON.stringify(schema, null, 2)}\n`);
