// Identity of the tool, as reported in SARIF and `--version`.
import pkg from '../../package.json' with { type: 'json' };

export const TOOL_NAME = 'meshlint';
export const VERSION: string = pkg.version;
export const HOMEPAGE = 'https://github.com/meshlint/meshlint';
/**
 * Rule pages on the main branch: a link must lead to a page that exists, and no release is
 * tagged yet. Each page says which Istio versions the rule judges. Once releases are tagged
 * (README, Releasing), this can name the running version's tag.
 */
export const DOCS_URL = `${HOMEPAGE}/blob/main/rules`;
