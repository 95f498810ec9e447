// Identity of the tool, as reported in SARIF and `--version`.
import pkg from '../package.json' with { type: 'json' };

export const TOOL_NAME = 'meshlint';
export const VERSION: string = pkg.version;
export const HOMEPAGE = 'https://github.com/meshlint/meshlint';
/** Rule pages as of this release's tag, so a link says what the running version does. */
export const DOCS_URL = `${HOMEPAGE}/blob/v${VERSION}/rules`;
