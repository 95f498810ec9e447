// The rule registry: every rule meshlint knows, in the order `meshlint rules` lists them.
import type { MeshlintRule } from '../src/engine/rule-api.ts';
import duplicateKey from './duplicate-key.ts';
import injectionHostNetwork from './injection-host-network.ts';
import parseError from './parse-error.ts';
import unrenderedTemplate from './unrendered-template.ts';
import unusedDisableDirective from './unused-disable-directive.ts';
import yamlNonstringValue from './yaml-nonstring-value.ts';

export const allRules: readonly MeshlintRule[] = [
  parseError,
  unrenderedTemplate,
  duplicateKey,
  yamlNonstringValue,
  injectionHostNetwork,
  unusedDisableDirective,
];

export const rulesById: ReadonlyMap<string, MeshlintRule> = new Map(allRules.map((r) => [r.name, r]));
