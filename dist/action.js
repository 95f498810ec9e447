import { createRequire as __meshlintRequire } from 'node:module'; const require = __meshlintRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/@typescript-eslint/utils/dist/eslint-utils/deepMerge.js
var require_deepMerge = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/deepMerge.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.isObjectNotArray = isObjectNotArray;
    exports.deepMerge = deepMerge;
    function isObjectNotArray(obj) {
      return typeof obj === "object" && obj != null && !Array.isArray(obj);
    }
    function deepMerge(first = {}, second = {}) {
      const keys = /* @__PURE__ */ new Set([...Object.keys(first), ...Object.keys(second)]);
      return Object.fromEntries([...keys].map((key) => {
        const firstHasKey = key in first;
        const secondHasKey = key in second;
        const firstValue = first[key];
        const secondValue = second[key];
        let value;
        if (firstHasKey && secondHasKey) {
          if (isObjectNotArray(firstValue) && isObjectNotArray(secondValue)) {
            value = deepMerge(firstValue, secondValue);
          } else {
            value = secondValue;
          }
        } else if (firstHasKey) {
          value = firstValue;
        } else {
          value = secondValue;
        }
        return [key, value];
      }));
    }
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/applyDefault.js
var require_applyDefault = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/applyDefault.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.applyDefault = applyDefault;
    var deepMerge_1 = require_deepMerge();
    function applyDefault(defaultOptions, userOptions) {
      const options = structuredClone(defaultOptions);
      if (userOptions == null) {
        return options;
      }
      options.forEach((opt, i) => {
        if (userOptions[i] !== void 0) {
          const userOpt = userOptions[i];
          if ((0, deepMerge_1.isObjectNotArray)(userOpt) && (0, deepMerge_1.isObjectNotArray)(opt)) {
            options[i] = (0, deepMerge_1.deepMerge)(opt, userOpt);
          } else {
            options[i] = userOpt;
          }
        }
      });
      return options;
    }
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/parserSeemsToBeTSESLint.js
var require_parserSeemsToBeTSESLint = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/parserSeemsToBeTSESLint.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.parserSeemsToBeTSESLint = parserSeemsToBeTSESLint;
    function parserSeemsToBeTSESLint(parser) {
      return !!parser && /(?:typescript-eslint|\.\.)[\w/\\]*parser/.test(parser);
    }
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/getParserServices.js
var require_getParserServices = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/getParserServices.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.getParserServices = getParserServices;
    var parserSeemsToBeTSESLint_1 = require_parserSeemsToBeTSESLint();
    var ERROR_MESSAGE_REQUIRES_PARSER_SERVICES = "You have used a rule which requires type information, but don't have parserOptions set to generate type information for this file. See https://tseslint.com/typed-linting for enabling linting with type information.";
    var ERROR_MESSAGE_UNKNOWN_PARSER = 'Note: detected a parser other than @typescript-eslint/parser. Make sure the parser is configured to forward "parserOptions.project" to @typescript-eslint/parser.';
    function getParserServices(context, allowWithoutFullTypeInformation = false) {
      const parser = (
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- For compatibility with ESLint 8
        context.parserPath || context.languageOptions.parser?.meta?.name
      );
      if (context.sourceCode.parserServices?.esTreeNodeToTSNodeMap == null || context.sourceCode.parserServices.tsNodeToESTreeNodeMap == null) {
        throwError2(parser);
      }
      if (context.sourceCode.parserServices.program == null && !allowWithoutFullTypeInformation) {
        throwError2(parser);
      }
      return context.sourceCode.parserServices;
    }
    function throwError2(parser) {
      const messages = [
        ERROR_MESSAGE_REQUIRES_PARSER_SERVICES,
        `Parser: ${parser || "(unknown)"}`,
        !(0, parserSeemsToBeTSESLint_1.parserSeemsToBeTSESLint)(parser) && ERROR_MESSAGE_UNKNOWN_PARSER
      ].filter(Boolean);
      throw new Error(messages.join("\n"));
    }
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/InferTypesFromRule.js
var require_InferTypesFromRule = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/InferTypesFromRule.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/nullThrows.js
var require_nullThrows = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/nullThrows.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.NullThrowsReasons = void 0;
    exports.nullThrows = nullThrows;
    exports.NullThrowsReasons = {
      MissingParent: "Expected node to have a parent.",
      MissingToken: (token, thing) => `Expected to find a ${token} for the ${thing}.`
    };
    function nullThrows(value, message) {
      if (value == null) {
        throw new Error(`Non-null Assertion Failed: ${message}`);
      }
      return value;
    }
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/RuleCreator.js
var require_RuleCreator = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/RuleCreator.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.RuleCreator = RuleCreator2;
    var applyDefault_1 = require_applyDefault();
    function RuleCreator2(urlCreator) {
      return function createNamedRule({ meta, name, ...rule }) {
        const ruleWithDocs = createRule2({
          meta: {
            ...meta,
            docs: {
              ...meta.docs,
              url: urlCreator(name)
            }
          },
          name,
          ...rule
        });
        return ruleWithDocs;
      };
    }
    function createRule2({
      create,
      // Keep accepting deprecated defaultOptions for backward compatibility.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      defaultOptions,
      meta,
      name
    }) {
      const resolvedDefaultOptions = meta.defaultOptions ?? defaultOptions ?? [];
      return {
        create(context) {
          const optionsWithDefault = (0, applyDefault_1.applyDefault)(resolvedDefaultOptions, context.options);
          return create(context, optionsWithDefault);
        },
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- For compatibility with ESLint 8, see #12842
        defaultOptions,
        meta,
        name
      };
    }
    RuleCreator2.withoutDocs = function withoutDocs(args) {
      return createRule2(args);
    };
  }
});

// node_modules/@typescript-eslint/utils/dist/eslint-utils/index.js
var require_eslint_utils = __commonJS({
  "node_modules/@typescript-eslint/utils/dist/eslint-utils/index.js"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k2, k22) {
      if (k22 === void 0) k22 = k2;
      var desc = Object.getOwnPropertyDescriptor(m, k2);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k2];
        } };
      }
      Object.defineProperty(o, k22, desc);
    }) : (function(o, m, k2, k22) {
      if (k22 === void 0) k22 = k2;
      o[k22] = m[k2];
    }));
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    __exportStar(require_applyDefault(), exports);
    __exportStar(require_deepMerge(), exports);
    __exportStar(require_getParserServices(), exports);
    __exportStar(require_InferTypesFromRule(), exports);
    __exportStar(require_nullThrows(), exports);
    __exportStar(require_RuleCreator(), exports);
  }
});

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS2 = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR2 = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias3 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS2;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair4 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar6 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR2;
    var isSeq4 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection2(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode2(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS2:
          case MAP:
          case SCALAR2:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar6(node) || isCollection2(node)) && !!node.anchor;
    exports.ALIAS = ALIAS2;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR2;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias3;
    exports.isCollection = isCollection2;
    exports.isDocument = isDocument;
    exports.isMap = isMap5;
    exports.isNode = isNode2;
    exports.isPair = isPair4;
    exports.isScalar = isScalar6;
    exports.isSeq = isSeq4;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit2(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci2 = visit_(i, node.items[i], visitor, path);
            if (typeof ci2 === "number")
              i = ci2 - 1;
            else if (ci2 === BREAK)
              return BREAK;
            else if (ci2 === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci2 = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci2 === "number")
              i = ci2 - 1;
            else if (ci2 === BREAK)
              return BREAK;
            else if (ci2 === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt2 = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt2} parent`);
      }
    }
    exports.visit = visit2;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn2) => tn2.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit2.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn2) => tn2.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root2) {
      const anchors = /* @__PURE__ */ new Set();
      visit2.visit(root2, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k2 of Array.from(val.keys())) {
            const v0 = val.get(k2);
            const v1 = applyReviver(reviver, val, k2, v0);
            if (v1 === void 0)
              val.delete(k2);
            else if (v1 !== v0)
              val.set(k2, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k2, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k2, v0);
            if (v1 === void 0)
              delete val[k2];
            else if (v1 !== v0)
              val[k2] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v2, i) => toJS(v2, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit2 = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit2.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v2 = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k2 = path[i];
        if (typeof k2 === "number" && Number.isInteger(k2) && k2 >= 0) {
          const a = [];
          a[k2] = v2;
          v2 = a;
        } else {
          v2 = /* @__PURE__ */ new Map([[k2, v2]]);
        }
      }
      return createNode.createNode(v2, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it2) => identity.isNode(it2) || identity.isPair(it2) ? it2.clone(schema) : it2);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str3) => str3.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str3, indent, comment) => str3.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str3.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j2 = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j2])
                return text;
              folds.push(j2);
              escapedFolds[j2] = true;
              end = j2 + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str3) => /^(%|---|\.\.\.)/m.test(str3);
    function lineLengthOverLimit(str3, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str3.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str3[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str3 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str3 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str3 += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str3 += "\\0";
                    break;
                  case "0007":
                    str3 += "\\a";
                    break;
                  case "000b":
                    str3 += "\\v";
                    break;
                  case "001b":
                    str3 += "\\e";
                    break;
                  case "0085":
                    str3 += "\\N";
                    break;
                  case "00a0":
                    str3 += "\\_";
                    break;
                  case "2028":
                    str3 += "\\L";
                    break;
                  case "2029":
                    str3 += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str3 += "\\x" + code.substr(2);
                    else
                      str3 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str3 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str3 += "\n";
                  i += 2;
                }
                str3 += indent;
                if (json[i + 2] === " ")
                  str3 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str3 = start ? str3 + json.slice(start) : json;
      return implicitKey ? str3 : foldFlowLines.foldFlowLines(str3, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs2;
      if (singleQuote === false)
        qs2 = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs2 = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs2 = doubleQuotedString;
        else
          qs2 = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs2(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str3 = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str3);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str3 : foldFlowLines.foldFlowLines(str3, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss2 = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss2.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss2.value, ctx) : blockString(ss2, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss2.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss2.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss2, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str3 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str3;
      return identity.isScalar(node) || str3[0] === "{" || str3[0] === "[" ? `${props} ${str3}` : `${props}
${ctx.indent}${str3}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str3 = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str3.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str3 === "" ? "?" : explicitKey ? `? ${str3}` : str3;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str3 = `? ${str3}`;
        if (keyComment && !keyCommentDone) {
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str3;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
        str3 = `? ${str3}
${indent}:`;
      } else {
        str3 = `${str3}:`;
        if (keyComment)
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str3.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws2 = " ";
      if (keyComment || vsb || vcb) {
        ws2 = vsb ? "\n" : "";
        if (vcb) {
          const cs2 = commentString(vcb);
          ws2 += `
${stringifyComment.indentComment(cs2, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws2 === "\n" && valueComment)
            ws2 = "\n\n";
        } else {
          ws2 += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws2 = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws2 = "";
      }
      str3 += ws2 + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str3;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it2 of source.items)
          mergeValue(ctx, map, it2);
      else if (Array.isArray(source))
        for (const it2 of source)
          mergeValue(ctx, map, it2);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k2 = createNode.createNode(key, void 0, ctx);
      const v2 = createNode.createNode(value, void 0, ctx);
      return new Pair(k2, v2);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_2, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str4 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str4 += stringifyComment.lineComment(str4, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str4);
      }
      let str3;
      if (lines.length === 0) {
        str3 = flowChars.start + flowChars.end;
      } else {
        str3 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str3 += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str3 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str3;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str3 = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str3.includes("\n"));
        if (i < items.length - 1) {
          str3 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str3.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str3 += ",";
          }
        }
        if (comment)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment));
        lines.push(str3);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str3 = start;
          for (const line of lines)
            str3 += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str3}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k2 = identity.isScalar(key) ? key.value : key;
      for (const it2 of items) {
        if (identity.isPair(it2)) {
          if (it2.key === key || it2.key === k2)
            return it2;
          if (identity.isScalar(it2.key) && it2.key.value === k2)
            return it2;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it2 = findPair(this.items, key);
        if (!it2)
          return false;
        const del = this.items.splice(this.items.indexOf(it2), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it2 = findPair(this.items, key);
        const node = it2?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_2, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it2 = this.items[idx];
        return !keepScalar && identity.isScalar(it2) ? it2.value : it2;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_2, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it2 of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it2 : String(i++);
              it2 = replacer.call(obj, key, it2);
            }
            seq.items.push(createNode.createNode(it2, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str3) => str3,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str3) => new Scalar.Scalar(str3[0] === "t" || str3[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str3) => str3.slice(-3).toLowerCase() === "nan" ? NaN : str3[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str3) => parseFloat(str3),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str3) {
        const node = new Scalar.Scalar(parseFloat(str3));
        const dot = str3.indexOf(".");
        if (dot !== -1 && str3[str3.length - 1] === "0")
          node.minFractionDigits = str3.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str3, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str3) : parseInt(str3.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool2.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str3) => str3,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str3) => str3 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str3, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str3) : parseInt(str3, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str3) => parseFloat(str3),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str3, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str3)}`);
        return str3;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str3 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str3.length);
          for (let i = 0; i < str3.length; ++i)
            buffer[i] = str3.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str3;
        if (typeof node_buffer.Buffer === "function") {
          str3 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str3 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str3.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str3.substr(o, lineWidth);
          }
          str3 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str3 }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn2 = pair.value ?? pair.key;
              cn2.comment = cn2.comment ? `${item.comment}
${cn2.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it2 of iterable) {
          if (typeof replacer === "function")
            it2 = replacer.call(iterable, String(i++), it2);
          let key, value;
          if (Array.isArray(it2)) {
            if (it2.length === 2) {
              key = it2[0];
              value = it2[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it2}`);
          } else if (it2 && it2 instanceof Object) {
            const keys = Object.keys(it2);
            if (keys.length === 1) {
              key = keys[0];
              value = it2[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it2;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_2, ctx) {
        if (!ctx)
          return super.toJSON(_2);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str3) => str3.slice(-3).toLowerCase() === "nan" ? NaN : str3[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str3) => parseFloat(str3.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str3) {
        const node = new Scalar.Scalar(parseFloat(str3.replace(/_/g, "")));
        const dot = str3.indexOf(".");
        if (dot !== -1) {
          const f = str3.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str3, offset, radix, { intAsBigInt }) {
      const sign = str3[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str3 = str3.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str3 = `0b${str3}`;
            break;
          case 8:
            str3 = `0o${str3}`;
            break;
          case 16:
            str3 = `0x${str3}`;
            break;
        }
        const n2 = BigInt(str3);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str3, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str3 = value.toString(radix);
        return value < 0 ? "-" + prefix + str3.substr(1) : prefix + str3;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_2, ctx) {
        return super.toJSON(_2, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str3, asBigInt) {
      const sign = str3[0];
      const parts = sign === "-" || sign === "+" ? str3.substring(1) : str3;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str3, _onError, { intAsBigInt }) => parseSexagesimal(str3, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str3) => parseSexagesimal(str3, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str3) {
        const match = str3.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool2 = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool2.trueTag,
      bool2.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool2.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema3 = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema3;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs2 = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs2, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs2 = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs2, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs2 = commentString(doc.comment);
          if (cs2.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs2, ""));
          } else {
            lines.push(`... ${cs2}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema3 = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v2) => typeof v2 === "number" || v2 instanceof String || v2 instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k2 = this.createNode(key, null, options);
        const v2 = this.createNode(value, null, options);
        return new Pair.Pair(k2, v2);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema3.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci2 = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci2 >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci2 - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci2 -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci2))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci2));
        }
        const pointer = " ".repeat(ci2) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st2 of key.end)
              if (st2.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it2 of key.items) {
            for (const st2 of it2.start)
              if (st2.type === "newline")
                return true;
            if (it2.sep) {
              for (const st2 of it2.sep)
                if (st2.type === "newline")
                  return true;
            }
            if (containsNewline(it2.key) || containsNewline(it2.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep7, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep7?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep7) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep7 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep7, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs2, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs2.offset;
      let commentEnd = null;
      for (const { start, value } of bs2.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs2.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs2.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs2.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep7 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep7 + cb;
              sep7 = "";
              break;
            }
            case "newline":
              if (comment)
                sep7 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap5 = fc.start.source === "{";
      const fcName = isMap5 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap5 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep7, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep7?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep7 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap5 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st2 of start) {
              switch (st2.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st2.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap5 && !sep7 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep7, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep7 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap5 && !props.found && ctx.options.strict) {
              if (sep7)
                for (const st2 of sep7) {
                  if (st2 === valueProps.found)
                    break;
                  if (st2.type === "newline") {
                    onError(st2, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep7, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap5) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap5 ? "}" : "]";
      const [ce2, ...ee2] = fc.end;
      let cePos = offset;
      if (ce2?.source === expectedEnd)
        cePos = ce2.offset + ce2.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce2 && ce2.source.length !== 1)
          ee2.unshift(ce2);
      }
      if (ee2.length > 0) {
        const end = resolveEnd.resolveEnd(ee2, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt2 = ctx.schema.knownTags[tagName];
        if (kt2?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt2, { default: false }));
          tag = kt2;
        } else {
          if (kt2) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt2.tag} used for ${expType} collection, but expects ${kt2.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines2(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep7 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep7 + indent.slice(trimIndent) + content;
          sep7 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep7 === " ")
            sep7 = "\n";
          else if (!prevMoreIndented && sep7 === "\n")
            sep7 = "\n\n";
          value += sep7 + indent.slice(trimIndent) + content;
          sep7 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep7 === "\n")
            value += "\n";
          else
            sep7 = "\n";
        } else {
          value += sep7 + content;
          sep7 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts2 = token.source;
            if (ts2 && typeof ts2 === "string")
              length += ts2.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines2(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re2 = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re2.comment,
        range: [offset, valueEnd, re2.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep7 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep7 === "\n")
            res += sep7;
          else
            sep7 = "\n";
        } else {
          res += sep7 + lm;
          sep7 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep7 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt2 = schema.knownTags[tagName];
      if (kt2 && !kt2.collection) {
        schema.tags.push(Object.assign({}, kt2, { default: false, test: void 0 }));
        return kt2;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts2 = directives.tagString(tag.tag);
          const cs2 = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts2} or ${cs2}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st2 = before[i];
          switch (st2.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st2.source.length;
              continue;
          }
          st2 = before[++i];
          while (st2?.type === "space") {
            offset += st2.source.length;
            st2 = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re2 = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re2.offset];
      if (re2.comment)
        alias.comment = re2.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re2 = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re2.comment)
        doc.comment = re2.comment;
      doc.range = [offset, contentEnd, re2.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer2 = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it2 = dc.items[0];
            if (identity.isPair(it2))
              it2 = it2.key;
            const cb = it2.commentBefore;
            it2.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer2;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he2 = source.indexOf("\n");
          const head = source.substring(0, he2);
          const body = source.substring(he2 + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he2 = source.indexOf("\n");
      const head = source.substring(0, he2);
      const body = source.substring(he2 + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st2 of end)
          switch (st2.type) {
            case "space":
            case "comment":
              props.push(st2);
              break;
            case "newline":
              props.push(st2);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st2) => st2.type === "space" || st2.type === "comment" || st2.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st2 of token.end)
            res += st2.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st2 of token.end)
              res += st2.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st2 of token.end)
              res += st2.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep7, value }) {
      let res = "";
      for (const st2 of start)
        res += st2.source;
      if (key)
        res += stringifyToken(key);
      if (sep7)
        for (const st2 of sep7)
          res += st2.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit2(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    visit2.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit2.parentCollection = (cst, path) => {
      const parent = visit2.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci2 = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci2 === "number")
              i = ci2 - 1;
            else if (ci2 === BREAK)
              return BREAK;
            else if (ci2 === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit2;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT2 = "";
    var FLOW_END = "";
    var SCALAR2 = "";
    var isCollection2 = (token) => !!token && "items" in token;
    var isScalar6 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT2:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR2:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT2:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR2:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT2;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR2;
    exports.isCollection = isCollection2;
    exports.isScalar = isScalar6;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt2 = this.buffer.substr(offset, 3);
          if ((dt2 === "---" || dt2 === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs2 = line.indexOf("#");
          while (cs2 !== -1) {
            const ch = line[cs2 - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs2 - 1;
              break;
            } else {
              cs2 = line.indexOf("#", cs2 + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote2 = this.charAt(0);
        let end = this.buffer.indexOf(quote2, this.pos + 1);
        if (quote2 === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs2 = this.continueScalar(nl + 1);
            if (cs2 === -1)
              break;
            nl = qb.indexOf("\n", cs2);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs2 = this.continueScalar(nl + 1);
            if (cs2 === -1)
              break;
            nl = this.buffer.indexOf("\n", cs2);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs2 = this.continueScalar(i + 1);
              if (cs2 === -1)
                break;
              i = Math.max(i, cs2 - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it2 = parent.items[parent.items.length - 1];
          return it2.sep ?? it2.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it2 of fc.items) {
          if (it2.sep && !it2.value && !includesToken(it2.start, "explicit-key-ind") && !includesToken(it2.sep, "map-value-ind")) {
            if (it2.key)
              it2.value = it2.key;
            delete it2.key;
            if (isFlowToken(it2.value)) {
              if (it2.value.end)
                arrayPushArray(it2.value.end, it2.sep);
              else
                it2.value.end = it2.sep;
            } else
              arrayPushArray(it2.start, it2.sep);
            delete it2.sep;
          }
        }
      }
    }
    var Parser2 = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st2 = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st2;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it2 = top.items[top.items.length - 1];
              if (it2.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it2.sep) {
                it2.value = token;
              } else {
                Object.assign(it2, { key: token, sep: [] });
                this.onKeyLine = !it2.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it2 = top.items[top.items.length - 1];
              if (it2.value)
                top.items.push({ start: [], value: token });
              else
                it2.value = token;
              break;
            }
            case "flow-collection": {
              const it2 = top.items[top.items.length - 1];
              if (!it2 || it2.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it2.sep)
                it2.value = token;
              else
                Object.assign(it2, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st2) => st2.type !== "comment" || st2.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep7;
          if (scalar.end) {
            sep7 = scalar.end;
            sep7.push(this.sourceToken);
            delete scalar.end;
          } else
            sep7 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep7 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it2 = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it2.value) {
              const end = "end" in it2.value ? it2.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it2.sep) {
              it2.sep.push(this.sourceToken);
            } else {
              it2.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it2.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it2.sep) {
              it2.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it2.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it2.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it2.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it2.sep || it2.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it2.sep && !it2.value) {
            const nl = [];
            for (let i = 0; i < it2.sep.length; ++i) {
              const st2 = it2.sep[i];
              switch (st2.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st2.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it2.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it2.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it2.sep) {
                it2.sep.push(this.sourceToken);
              } else {
                it2.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it2.sep && !it2.explicitKey) {
                it2.start.push(this.sourceToken);
                it2.explicitKey = true;
              } else if (atNextItem || it2.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it2.explicitKey) {
                if (!it2.sep) {
                  if (includesToken(it2.start, "newline")) {
                    Object.assign(it2, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it2.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it2.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it2.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it2.key) && !includesToken(it2.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it2.start);
                  const key = it2.key;
                  const sep7 = it2.sep;
                  sep7.push(this.sourceToken);
                  delete it2.key;
                  delete it2.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep7 }]
                  });
                } else if (start.length > 0) {
                  it2.sep = it2.sep.concat(start, this.sourceToken);
                } else {
                  it2.sep.push(this.sourceToken);
                }
              } else {
                if (!it2.sep) {
                  Object.assign(it2, { key: null, sep: [this.sourceToken] });
                } else if (it2.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it2.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it2.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs2 = this.flowScalar(this.type);
              if (atNextItem || it2.value) {
                map.items.push({ start, key: fs2, sep: [] });
                this.onKeyLine = true;
              } else if (it2.sep) {
                this.stack.push(fs2);
              } else {
                Object.assign(it2, { key: fs2, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it2.explicitKey && it2.sep && !includesToken(it2.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it2 = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it2.value) {
              const end = "end" in it2.value ? it2.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it2.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it2.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it2.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it2.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it2.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it2.value || this.indent <= seq.indent)
              break;
            it2.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it2.value || includesToken(it2.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it2.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it2 = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it2 || it2.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it2.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it2 || it2.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it2.sep)
                it2.sep.push(this.sourceToken);
              else
                Object.assign(it2, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it2 || it2.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it2.sep)
                it2.sep.push(this.sourceToken);
              else
                it2.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs2 = this.flowScalar(this.type);
              if (!it2 || it2.value)
                fc.items.push({ start: [], key: fs2, sep: [] });
              else if (it2.sep)
                this.stack.push(fs2);
              else
                Object.assign(it2, { key: fs2, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep7 = fc.end.splice(1, fc.end.length);
            sep7.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep7 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st2) => st2.type === "newline" || st2.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser2;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument3(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse2(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument3(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse2;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument3;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema3 = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit2 = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema3.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit2.visit;
    exports.visitAsync = visit2.visitAsync;
  }
});

// node_modules/ignore/index.js
var require_ignore = __commonJS({
  "node_modules/ignore/index.js"(exports, module) {
    function makeArray(subject) {
      return Array.isArray(subject) ? subject : [subject];
    }
    var UNDEFINED = void 0;
    var EMPTY = "";
    var SPACE = " ";
    var ESCAPE = "\\";
    var REGEX_LITERAL_SPECIAL = /[.*+?()[\]{}^$|\\/]/;
    var BOM = "\uFEFF";
    var REGEX_ANCHORED_GLOBSTAR = /^\/\*{2,}$/;
    var REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION = /^\\!/;
    var REGEX_REPLACE_LEADING_EXCAPED_HASH = /^\\#/;
    var REGEX_SPLITALL_CRLF = /\r?\n/g;
    var DOUBLE_SLASH = "//";
    var SLASH_CODE = 47;
    var DOT_CODE = 46;
    var SLASH = "/";
    var TMP_KEY_IGNORE = "node-ignore";
    if (typeof Symbol !== "undefined") {
      TMP_KEY_IGNORE = /* @__PURE__ */ Symbol.for("node-ignore");
    }
    var KEY_IGNORE = TMP_KEY_IGNORE;
    var define = (object, key, value) => {
      Object.defineProperty(object, key, { value });
      return value;
    };
    var RETURN_FALSE = () => false;
    var POSIX_CLASSES = {
      alnum: "0-9A-Za-z",
      alpha: "A-Za-z",
      blank: " \\t",
      cntrl: "\\x00-\\x1f\\x7f",
      digit: "0-9",
      graph: "!-.0-~",
      lower: "a-z",
      print: " -.0-~",
      punct: "!-.:-@\\[-`{-~",
      // git's `sane-ctype.h` classifies \v and \f as control, not space,
      //   unlike C's `isspace`
      space: " \\t\\n\\r",
      upper: "A-Z",
      xdigit: "0-9A-Fa-f"
    };
    var CLASS_MEMBERS_TO_ESCAPE = "\\]^-[";
    var escapeMember = (char) => CLASS_MEMBERS_TO_ESCAPE.indexOf(char) < 0 ? char : ESCAPE + char;
    var NON_SLASH = "(?!\\/)";
    var classSource = (negated, body) => {
      if (negated) {
        return `[^\\/${body}]`;
      }
      const source = `[${body}]`;
      return new RegExp(source).test("/") ? NON_SLASH + source : source;
    };
    var scanBracket = (pattern, start) => {
      const { length } = pattern;
      let index = start + 1;
      let negated = EMPTY;
      const lead = pattern[index];
      if (lead === "!" || lead === "^") {
        negated = "^";
        index++;
      }
      let body = EMPTY;
      let prev = EMPTY;
      for (; ; ) {
        const char = pattern[index];
        if (char === UNDEFINED) {
          return null;
        }
        if (char === ESCAPE) {
          const escaped = pattern[++index];
          body += escapeMember(escaped);
          prev = escaped;
        } else if (char === "-" && prev && index + 1 < length && pattern[index + 1] !== "]") {
          index++;
          let to = pattern[index];
          if (to === ESCAPE) {
            to = pattern[index += 1];
          }
          if (prev <= to) {
            body += `-${escapeMember(to)}`;
          }
          prev = EMPTY;
        } else if (char === "[" && pattern[index + 1] === ":") {
          const nameStart = index + 2;
          let end = nameStart;
          while (end < length && pattern[end] !== "]") {
            end++;
          }
          if (end === length) {
            return null;
          }
          if (end > nameStart && pattern[end - 1] === ":") {
            const name = pattern.slice(nameStart, end - 1);
            if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
              return null;
            }
            body += POSIX_CLASSES[name];
            prev = EMPTY;
            index = end;
          } else {
            body += escapeMember("[");
            prev = "[";
            index = nameStart - 2;
          }
        } else {
          body += escapeMember(char);
          prev = char;
        }
        index++;
        if (pattern[index] === "]") {
          return {
            end: index,
            source: classSource(negated, body)
          };
        }
      }
    };
    var NEVER_MATCH = "[]";
    var PLACEHOLDER = "\0";
    var REGEX_RESTORE_PLACEHOLDER = new RegExp(
      `${PLACEHOLDER}(\\d+)${PLACEHOLDER}`,
      "g"
    );
    var TRAILING_WILDCARD = "\uE000";
    var TRAILING_DOUBLESTAR = "\uE001";
    var isReserved = (char) => char === PLACEHOLDER || char === TRAILING_WILDCARD || char === TRAILING_DOUBLESTAR;
    var extractBrackets = (pattern) => {
      const sources = [];
      const hold = (source) => `${PLACEHOLDER}${sources.push(source) - 1}${PLACEHOLDER}`;
      const { length } = pattern;
      let out = EMPTY;
      let index = 0;
      while (index < length) {
        const char = pattern[index];
        if (char === ESCAPE) {
          const escaped = pattern[index + 1];
          if (escaped === SLASH && index + 2 === length) {
            out += hold(NEVER_MATCH);
          } else if (escaped === "*" || escaped === "[" || escaped === SPACE) {
            out += pattern.slice(index, index + 2);
          } else {
            out += hold(
              REGEX_LITERAL_SPECIAL.test(escaped) ? ESCAPE + escaped : isReserved(escaped) ? `[${escaped}]` : escaped
            );
          }
          index += 2;
        } else if (isReserved(char)) {
          out += hold(`[${char}]`);
          index++;
        } else if (char === "[") {
          const scanned = scanBracket(pattern, index);
          if (scanned === null) {
            out += hold(NEVER_MATCH);
            index = length;
          } else {
            out += hold(scanned.source);
            index = scanned.end + 1;
          }
        } else {
          out += char;
          index++;
        }
      }
      return {
        source: out,
        sources
      };
    };
    var DIRECT = null;
    var REGEX_INNER_SLASH = /\/(?!$)/;
    var WILDCARD = "[^\\/]*";
    var REPLACERS = [
      // Replace (\ ) with ' '
      // Only a space: an escaped tab or other whitespace is already a literal by
      //   the time it reaches here, and a bare tab must be left as one, not turned
      //   into a space.
      // (\ ) -> ' '
      // (\\ ) -> '\\ '
      // (\\\ ) -> '\\ '
      [
        // A run of backslashes is taken whole, from its first one, so no match
        //   ever starts again inside it -- `(\\+?) ` did, which made a long run
        //   quadratic.
        /(\\+)( ?)/g,
        (_2, run, space) => space ? run.slice(0, run.length - run.length % 2) + SPACE : run,
        ESCAPE + SPACE
      ],
      // git's wildmatch() reads a run of two or more asterisks as one globstar
      //   whenever the run fills a path segment: it starts the pattern or follows
      //   a `/`, and it ends the pattern or comes before a `/`. A run of two is
      //   already `**`; a longer one is folded into `**` here, so the steps
      //   below only ever have to know `**`.
      // `***/foo` -> `**/foo`, `a/***/b` -> `a/**/b`, `a/***` -> `a/**`
      // git also takes a run beside a literal prefix (`a***/b`) or beside an
      //   escaped slash (`***\/b`) as a globstar, and this does not; the README
      //   lists both, under "A run of asterisks".
      [
        /(^|\/)\*{3,}(?=\/|$)/g,
        (_2, start) => `${start}**`,
        "*"
      ],
      // Escape metacharacters
      // which is written down by users but means special for regular expressions.
      // > There are 12 characters with special meanings:
      // > - the backslash \,
      // > - the caret ^,
      // > - the dollar sign $,
      // > - the period or dot .,
      // > - the vertical bar or pipe symbol |,
      // > - the question mark ?,
      // > - the asterisk or star *,
      // > - the plus sign +,
      // > - the opening parenthesis (,
      // > - the closing parenthesis ),
      // > - and the opening square bracket [,
      // > - the opening curly brace {,
      // > These special characters are often called "metacharacters".
      [
        /[\\$.|*+(){^]/g,
        (match) => `\\${match}`
      ],
      [
        // > a question mark (?) matches a single character
        /(?!\\)\?/g,
        () => "[^/]",
        "?"
      ],
      // leading slash
      [
        // > A leading slash matches the beginning of the pathname.
        // > For example, "/*.c" matches "cat-file.c" but not "mozilla-sha1/sha1.c".
        // A leading slash matches the beginning of the pathname
        /^\//,
        () => "^",
        SLASH
      ],
      // replace special metacharacter slash after the leading slash
      [
        /\//g,
        () => "\\/",
        SLASH
      ],
      [
        // > A leading "**" followed by a slash means match in all directories.
        // > For example, "**/foo" matches file or directory "foo" anywhere,
        // > the same as pattern "foo".
        // > "**/foo/bar" matches file or directory "bar" anywhere that is directly
        // >   under directory "foo".
        // Notice that the '*'s have been replaced as '\\*'
        /^\^*(?:\\\*\\\*\\\/)+/,
        // '**/foo' <-> 'foo'
        () => "(?:^|\\/)",
        "*"
      ],
      // starting
      [
        // there will be no leading '/'
        //   (which has been replaced by section "leading slash")
        // If starts with '**', adding a '^' to the regular expression also works
        DIRECT,
        (source, pattern) => {
          if (!source || source[0] === "^" || source[0] === "(") {
            return source;
          }
          const anchor = !REGEX_INNER_SLASH.test(pattern) ? "(?:^|\\/)" : "^";
          return anchor + source;
        }
      ],
      // two globstars
      [
        // Use lookahead assertions so that we could match more than one `'/**'`
        /\\\/\\\*\\\*(?=\\\/|$)/g,
        // Zero, one or several directories
        // should not use '*', or it will be replaced by the next replacer
        // Check if it is not the last `'/**'`
        (_2, index, str3) => index + 6 < str3.length ? str3.slice(index + 6) === "\\/" ? "(?:\\/[^\\/]+)+" : "(?:\\/[^\\/]+)*" : `\\/${TRAILING_DOUBLESTAR}`,
        "*"
      ],
      // normal intermediate wildcards
      [
        // Never replace escaped '*'
        // ignore rule '\*' will match the path '*'
        // 'abc.*/' -> go
        // 'abc.*'  -> skip this rule,
        //    coz trailing single wildcard will be handed by [trailing wildcard]
        /(^|[^\\])(?:\\\*)+(?!$)/g,
        // '*.js' matches '.js'
        // '*.js' doesn't match 'abc'
        // 1. An asterisk "*" matches anything except a slash.
        // 2. Other consecutive asterisks are considered regular asterisks
        //    and collapse into one non-slash wildcard run.
        (_2, p1) => p1 + WILDCARD,
        "*"
      ],
      // trailing wildcard, held apart from a literal star
      [
        // The step above leaves a trailing `*` alone, so a single `\*` is all that
        //   can be left at the end here, and what stands in front of it says which
        //   kind it is. A wildcard arrives as the escaper wrote it, `\*` with
        //   nothing before it; a literal arrives as the user's own escape, which
        //   the escaper doubled, and then the star's own -- `\\` and then `\*`.
        //   There is no third case: every backslash still reaching the chain is
        //   one `\*`, `\[` or `\ ` carries itself, and each is followed by its
        //   own character, so a longer run can never form. This runs while the
        //   two are still distinct, before the unescape steps below collapse the
        //   literal onto the very `\*` a wildcard leaves behind.
        /(^|[^\\])((?:\\\\)*)\\\*$/,
        (match, p1, p2) => p2 === EMPTY ? p1 + TRAILING_WILDCARD : match,
        "*"
      ],
      [
        // unescape, revert step 3 except for back slash
        // For example, if a user escape a '\\*',
        // after step 3, the result will be '\\\\\\*'
        /\\\\\\(?=[$.|*+(){^])/g,
        () => ESCAPE,
        ESCAPE + ESCAPE
      ],
      [
        // '\\\\' -> '\\'
        /\\\\/g,
        () => ESCAPE,
        ESCAPE + ESCAPE
      ],
      [
        // Every real bracket expression -- POSIX classes included -- has already
        //   been held aside by `extractBrackets`, so the only `[` left in the
        //   pattern is an escaped, literal one.
        // A backslash could only stand at the end of the range if it quoted the
        //   `]`, and `\]` is held aside long before this.
        /\\\[([^\]/]*?)($|\])/g,
        // '\\[bar]' -> '\\\\[bar]'
        (match, range, close) => `\\[${range}${close}`,
        "["
      ],
      // ending
      [
        // 'js' will not match 'js.'
        // 'ab' will not match 'abc'
        DIRECT,
        // WTF!
        // https://git-scm.com/docs/gitignore
        // changes in [2.22.1](https://git-scm.com/docs/gitignore/2.22.1)
        // which re-fixes #24, #38
        // > If there is a separator at the end of the pattern then the pattern
        // > will only match directories, otherwise the pattern can match both
        // > files and directories.
        // 'js*' will not match 'a.js'
        // 'js/' will not match 'a.js'
        // 'js' will match 'a.js' and 'a.js/'
        (source) => {
          const last = source[source.length - 1];
          if (!last || last === TRAILING_WILDCARD || last === TRAILING_DOUBLESTAR) {
            return source;
          }
          return last === SLASH ? `${source}$` : `${source}(?=$|\\/$)`;
        }
      ]
    ];
    var REGEX_REPLACE_TRAILING_WILDCARD = /(^|\\\/)?\uE000$/;
    var MODE_IGNORE = "regex";
    var MODE_CHECK_IGNORE = "checkRegex";
    var UNDERSCORE = "_";
    var replaceTrailingWildcard = (_2, p1) => {
      const prefix = p1 ? `${p1}[^/]+` : "[^/]*";
      return `${prefix}(?=$|\\/$)`;
    };
    var REGEX_REPLACE_TRAILING_DOUBLESTAR = /\uE001$/;
    var replaceTrailingDoublestar = () => "[\\s\\S]";
    var separatorAfter = (run, at2) => {
      let separator = EMPTY;
      for (let index = at2 + 1; index < run.length && !run[index].wildcard; index++) {
        separator += run[index].single;
      }
      return separator;
    };
    var pinWildcards = (source) => {
      if (source.indexOf(WILDCARD) < 0) {
        return source;
      }
      const tokens = [];
      const { length } = source;
      let index = 0;
      while (index < length) {
        const char = source[index];
        if (source.startsWith(WILDCARD, index)) {
          tokens.push({ wildcard: true });
          index += WILDCARD.length;
        } else if (char === "[") {
          let end = index + 1;
          if (source[end] === "^") {
            end++;
          }
          if (source[end] === "]") {
            end++;
          }
          while (end < length && source[end] !== "]") {
            end += source[end] === ESCAPE ? 2 : 1;
          }
          end++;
          tokens.push({ single: source.slice(index, end) });
          index = end;
        } else if (char === ESCAPE) {
          tokens.push({ single: source.slice(index, index + 2) });
          index += 2;
        } else if (char === "(") {
          let depth = 0;
          let end = index;
          do {
            if (source[end] === ESCAPE) {
              end++;
            } else if (source[end] === "(") {
              depth++;
            } else if (source[end] === ")") {
              depth--;
            }
            end++;
          } while (end < length && depth > 0);
          if ("*+?".indexOf(source[end]) >= 0) {
            end++;
          }
          tokens.push({ boundary: source.slice(index, end) });
          index = end;
        } else if (char === "^" || char === "$") {
          tokens.push({ boundary: char });
          index++;
        } else {
          tokens.push({ single: char });
          index++;
        }
      }
      let out = EMPTY;
      let run = [];
      const flush = () => {
        let lastWildcard;
        run.forEach((token, at2) => {
          if (token.wildcard) {
            lastWildcard = at2;
          }
        });
        run.forEach((token, at2) => {
          if (!token.wildcard) {
            out += token.single;
            return;
          }
          out += at2 === lastWildcard ? WILDCARD : `(?:(?!${separatorAfter(run, at2)})[^\\/])*`;
        });
        run = [];
      };
      tokens.forEach((token) => {
        if (token.boundary === void 0) {
          run.push(token);
          return;
        }
        flush();
        out += token.boundary;
      });
      flush();
      return out;
    };
    var makeRegexPrefix = (pattern) => {
      if (REGEX_ANCHORED_GLOBSTAR.test(pattern)) {
        pattern = "**";
      }
      const { source, sources } = extractBrackets(pattern);
      const replaced = REPLACERS.reduce(
        // A pass whose matcher finds nothing hands back the very string it was
        //   given, so asking first costs a search and saves a rewrite. Ten of the
        //   fifteen passes never fire for a typical .gitignore line, and between
        //   them they were 45% of this chain.
        (prev, [matcher, replacer, required]) => {
          if (matcher === DIRECT) {
            return replacer(prev, pattern);
          }
          if (required !== UNDEFINED && prev.indexOf(required) < 0) {
            return prev;
          }
          return matcher.test(prev) ? prev.replace(matcher, replacer.bind(pattern)) : prev;
        },
        source
      );
      return sources.length ? replaced.replace(
        REGEX_RESTORE_PLACEHOLDER,
        (match, index) => sources[index]
      ) : replaced;
    };
    var checkSourceOf = (body, prefix) => {
      if (body[body.length - 1] === SLASH) {
        prefix = makeRegexPrefix(body.slice(0, -1));
      }
      const head = prefix.slice(0, -1);
      const last = prefix[prefix.length - 1];
      return last === TRAILING_WILDCARD ? `${head}$` : last === TRAILING_DOUBLESTAR ? head : NEVER_MATCH;
    };
    var matchesBasename = (body) => {
      const index = body.indexOf(SLASH);
      return index < 0 || index === body.length - 1;
    };
    var basenameOf = (path) => {
      const end = path.length - 1;
      const index = path.lastIndexOf(
        SLASH,
        path[end] === SLASH ? end - 1 : end
      );
      return index < 0 ? path : path.slice(index + 1);
    };
    var parentOf2 = (path) => {
      if (path.charCodeAt(0) === SLASH_CODE || path.indexOf(DOUBLE_SLASH) >= 0) {
        const slices = path.split(SLASH).filter(Boolean);
        slices.pop();
        return slices.length ? slices.join(SLASH) + SLASH : EMPTY;
      }
      const end = path.length - 1;
      const cut = path.lastIndexOf(
        SLASH,
        path.charCodeAt(end) === SLASH_CODE ? end - 1 : end
      );
      return cut < 0 ? EMPTY : path.slice(0, cut + 1);
    };
    var isString = (subject) => typeof subject === "string";
    var checkPattern = (pattern) => pattern && isString(pattern);
    var splitPattern = (pattern) => (pattern[pattern.length - 1] === "\r" ? pattern.slice(0, -1) : pattern).split(REGEX_SPLITALL_CRLF).filter(Boolean);
    var IgnoreRule = class {
      constructor(pattern, mark, body, ignoreCase, negative, prefix) {
        this.pattern = pattern;
        this.mark = mark;
        this.negative = negative;
        define(this, "body", body);
        define(this, "ignoreCase", ignoreCase);
        define(this, "regexPrefix", prefix);
      }
      // Worked out on first use and kept behind an own property, the way `regex`
      //   caches itself in `_regex`. Deciding it in the constructor instead would
      //   add a fourth `defineProperty` to every rule ever built, which cost 4% of
      //   every compile -- including the compiles of rules that are never matched
      //   against anything.
      get _basenameOnly() {
        return define(this, "_basenameOnly", matchesBasename(this.body));
      }
      get regex() {
        const key = UNDERSCORE + MODE_IGNORE;
        if (this[key]) {
          return this[key];
        }
        return this._make(MODE_IGNORE, key);
      }
      get checkRegex() {
        const key = UNDERSCORE + MODE_CHECK_IGNORE;
        if (this[key]) {
          return this[key];
        }
        return this._make(MODE_CHECK_IGNORE, key);
      }
      _make(mode, key) {
        const str3 = pinWildcards(
          mode === MODE_IGNORE ? this.regexPrefix.replace(REGEX_REPLACE_TRAILING_WILDCARD, replaceTrailingWildcard).replace(REGEX_REPLACE_TRAILING_DOUBLESTAR, replaceTrailingDoublestar) : checkSourceOf(this.body, this.regexPrefix)
        );
        const regex = this.ignoreCase ? new RegExp(str3, "i") : new RegExp(str3);
        return define(this, key, regex);
      }
    };
    var hasTrailingBackslash = (str3) => {
      let count = 0;
      while (str3[str3.length - count - 1] === ESCAPE) {
        count++;
      }
      return count % 2 === 1;
    };
    var trimEnd = (body, stripLineEnd) => {
      let lineEnd2 = body.length;
      let end;
      for (; ; ) {
        if (stripLineEnd && body[lineEnd2 - 1] === "\r") {
          lineEnd2--;
        }
        end = lineEnd2;
        while (body[end - 1] === SPACE) {
          end--;
        }
        if (!stripLineEnd || body[end - 1] !== "\n") {
          break;
        }
        lineEnd2 = end - 1;
      }
      if (end === lineEnd2) {
        return body.slice(0, lineEnd2);
      }
      let backslashes = 0;
      while (body[end - backslashes - 1] === ESCAPE) {
        backslashes++;
      }
      return backslashes % 2 ? body.slice(0, end - 1) + SPACE : body.slice(0, end);
    };
    var createRule2 = (pattern, mark, ignoreCase, stripLineEnd, stripBOM) => {
      let body = stripBOM && pattern[0] === BOM ? pattern.slice(1) : pattern;
      if (body[0] === "#") {
        return;
      }
      let negative = false;
      if (body[0] === "!") {
        negative = true;
        body = body.slice(1);
      }
      const last = body[body.length - 1];
      if (last === SPACE || stripLineEnd && (last === "\r" || last === "\n")) {
        body = trimEnd(body, stripLineEnd);
      }
      if (!body || hasTrailingBackslash(body)) {
        return;
      }
      body = body.replace(REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION, "!").replace(REGEX_REPLACE_LEADING_EXCAPED_HASH, "#");
      const regexPrefix = makeRegexPrefix(body);
      return new IgnoreRule(
        pattern,
        mark,
        body,
        ignoreCase,
        negative,
        regexPrefix
      );
    };
    var RuleManager = class {
      constructor(ignoreCase) {
        this._ignoreCase = ignoreCase;
        this._rules = [];
        this._basenameCount = 0;
      }
      _add(pattern, index) {
        if (pattern && pattern[KEY_IGNORE]) {
          this._rules = this._rules.concat(pattern._rules._rules);
          this._basenameCount += pattern._rules._basenameCount;
          this._added = true;
          return;
        }
        const isStr = isString(pattern);
        const raw = isStr ? pattern : pattern.pattern;
        const rule = checkPattern(raw) && createRule2(
          raw,
          isStr ? UNDEFINED : pattern.mark,
          this._ignoreCase,
          !this._split,
          this._stripBOM && !index
        );
        if (rule) {
          this._added = true;
          this._rules.push(rule);
          if (matchesBasename(rule.body)) {
            this._basenameCount++;
          }
        }
      }
      // @param {Array<string> | string | Ignore} pattern
      add(pattern) {
        this._added = false;
        this._split = isString(pattern);
        this._stripBOM = !this._split || pattern[0] === BOM;
        makeArray(
          this._split ? splitPattern(pattern) : pattern
        ).forEach(this._add, this);
        if (this._added) {
          this._literalRules = UNDEFINED;
        }
        return this._added;
      }
      // Match the literal 'abc/' for `checkIgnore`, last rule wins. Only a rule
      //   ending in a wildcard can match it (see `checkSourceOf`), so the rest
      //   are left out once, rather than tested or compiled for every path.
      testLiteral(path) {
        const rules = this._literalRules || (this._literalRules = this._rules.filter(
          ({ body }) => body[body.length - (body[body.length - 1] === SLASH ? 2 : 1)] === "*"
        ));
        let ignored = false;
        let unignored = false;
        let matchedRule;
        for (let index = rules.length - 1; index >= 0; index--) {
          const rule = rules[index];
          if (rule.checkRegex.test(path)) {
            ignored = !rule.negative;
            unignored = rule.negative;
            matchedRule = rule.negative ? UNDEFINED : rule;
            break;
          }
        }
        const ret = {
          ignored,
          unignored
        };
        if (matchedRule) {
          ret.rule = matchedRule;
        }
        return ret;
      }
      // Test one single path without recursively checking parent directories
      //
      // - mode `string` either `MODE_IGNORE` or `MODE_CHECK_IGNORE`
      // @returns {TestResult}
      test(path, mode) {
        const rules = this._rules;
        const { length } = rules;
        const shortcut = this._basenameCount * 2 >= length;
        const basename3 = shortcut ? basenameOf(path) : path;
        for (let index = length - 1; index >= 0; index--) {
          const rule = rules[index];
          if (rule[mode].test(
            shortcut && rule._basenameOnly ? basename3 : path
          )) {
            const { negative } = rule;
            const ret = {
              ignored: !negative,
              unignored: negative
            };
            if (!negative) {
              ret.rule = rule;
            }
            return ret;
          }
        }
        return {
          ignored: false,
          unignored: false
        };
      }
    };
    var throwError2 = (message, Ctor) => {
      throw new Ctor(message);
    };
    var checkPath = (path, originalPath, doThrow) => {
      if (!isString(path)) {
        return doThrow(
          `path must be a string, but got \`${originalPath}\``,
          TypeError
        );
      }
      if (!path) {
        return doThrow(`path must not be empty`, TypeError);
      }
      if (checkPath.isNotRelative(path)) {
        const r7 = "`path.relative()`d";
        return doThrow(
          `path should be a ${r7} string, but got "${originalPath}"`,
          RangeError
        );
      }
      return true;
    };
    var isNotRelative = (path) => {
      const first = path.charCodeAt(0);
      if (first === SLASH_CODE) {
        return true;
      }
      if (first !== DOT_CODE) {
        return false;
      }
      if (path.length === 1) {
        return true;
      }
      const second = path.charCodeAt(1);
      if (second === SLASH_CODE) {
        return true;
      }
      if (second !== DOT_CODE) {
        return false;
      }
      return path.length === 2 || path.charCodeAt(2) === SLASH_CODE;
    };
    checkPath.isNotRelative = isNotRelative;
    checkPath.convert = (p) => p;
    var convertPath = (target) => isString(target) && checkPath.convert(target);
    var Ignore = class {
      constructor({
        ignorecase = true,
        ignoreCase = ignorecase,
        allowRelativePaths = false
      } = {}) {
        define(this, KEY_IGNORE, true);
        this._rules = new RuleManager(ignoreCase);
        this._strictPathCheck = !allowRelativePaths;
        this._initCache();
      }
      _initCache() {
        this._ignoreCache = /* @__PURE__ */ Object.create(null);
        this._testCache = /* @__PURE__ */ Object.create(null);
      }
      add(pattern) {
        if (this._rules.add(pattern)) {
          this._initCache();
        }
        return this;
      }
      // legacy
      addPattern(pattern) {
        return this.add(pattern);
      }
      // @returns {TestResult}
      _test(originalPath, cache2, path) {
        checkPath(
          path,
          originalPath,
          this._strictPathCheck ? throwError2 : RETURN_FALSE
        );
        return path ? this._t(path, cache2) : {
          ignored: false,
          unignored: false
        };
      }
      checkIgnore(target) {
        const path = convertPath(target);
        if (!path || path.charCodeAt(path.length - 1) !== SLASH_CODE) {
          return this._test(target, this._testCache, path);
        }
        const dir = this._t(path, this._testCache);
        if (dir.ignored) {
          return dir;
        }
        const literal = this._rules.testLiteral(path);
        return literal.ignored || literal.unignored ? literal : dir;
      }
      _t(path, cache2) {
        if (path in cache2) {
          return cache2[path];
        }
        const parentPath = parentOf2(path);
        const parent = parentPath ? this._t(parentPath, cache2) : UNDEFINED;
        return cache2[path] = parent && parent.ignored ? parent : this._rules.test(path, MODE_IGNORE);
      }
      ignores(path) {
        return this._test(path, this._ignoreCache, convertPath(path)).ignored;
      }
      createFilter() {
        return (path) => !this.ignores(path);
      }
      filter(paths) {
        return makeArray(paths).filter(this.createFilter());
      }
      // @returns {TestResult}
      test(path) {
        return this._test(path, this._testCache, convertPath(path));
      }
    };
    var factory = (options) => new Ignore(options);
    var isPathValid = (path) => checkPath(convertPath(path), path, RETURN_FALSE);
    var setupWindows = () => {
      const makePosix = (str3) => /^\\\\\?\\/.test(str3) || /["<>|\u0000-\u001F]+/u.test(str3) ? str3 : str3.replace(/\\/g, "/");
      checkPath.convert = makePosix;
      const REGEX_TEST_WINDOWS_PATH_ABSOLUTE = /^[a-z]:\//i;
      checkPath.isNotRelative = (path) => REGEX_TEST_WINDOWS_PATH_ABSOLUTE.test(path) || isNotRelative(path);
    };
    if (
      // Detect `process` so that it can run in browsers.
      typeof process !== "undefined" && process.platform === "win32"
    ) {
      setupWindows();
    }
    module.exports = factory;
    factory.default = factory;
    module.exports.isPathValid = isPathValid;
    define(module.exports, /* @__PURE__ */ Symbol.for("setupWindows"), setupWindows);
  }
});

// src/action.ts
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync as mkdirSync3, writeFileSync as writeFileSync4 } from "node:fs";
import { dirname as dirname9, isAbsolute as isAbsolute8, relative as relative9, resolve as resolve10, sep as sep6 } from "node:path";

// src/cli.ts
import { existsSync as existsSync7, mkdirSync as mkdirSync2, readFileSync as readFileSync3, writeFileSync as writeFileSync3 } from "node:fs";
import { dirname as dirname8, isAbsolute as isAbsolute7, join as join9, resolve as resolve9, sep as sep5 } from "node:path";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";

// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath;
          if (basePath.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path, added, removed, oldPosInc, options) {
    const last = path.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    } else {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last }
      };
    }
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath.lastComponent = { count: 1, previousComponent: basePath.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/diff/line.js
var LineDiff = class extends Diff {
  constructor() {
    super(...arguments);
    this.tokenize = tokenize;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) {
        left = left.trim();
      }
      if (!options.newlineIsToken || !right.includes("\n")) {
        right = right.trim();
      }
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) {
        left = left.slice(0, -1);
      }
      if (right.endsWith("\n")) {
        right = right.slice(0, -1);
      }
    }
    return super.equals(left, right, options);
  }
};
var lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options) {
  return lineDiff.diff(oldStr, newStr, options);
}
function tokenize(value, options) {
  if (options.stripTrailingCr) {
    value = value.replace(/\r\n/g, "\n");
  }
  const retLines = [], linesAndNewlines = value.split(/(\n|\r\n)/);
  if (!linesAndNewlines[linesAndNewlines.length - 1]) {
    linesAndNewlines.pop();
  }
  for (let i = 0; i < linesAndNewlines.length; i++) {
    const line = linesAndNewlines[i];
    if (i % 2 && !options.newlineIsToken) {
      retLines[retLines.length - 1] += line;
    } else {
      retLines.push(line);
    }
  }
  return retLines;
}

// node_modules/diff/libesm/patch/create.js
var INCLUDE_HEADERS = {
  includeIndex: true,
  includeUnderline: true,
  includeFileHeaders: true
};
function structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  let optionsObj;
  if (!options) {
    optionsObj = {};
  } else if (typeof options === "function") {
    optionsObj = { callback: options };
  } else {
    optionsObj = options;
  }
  if (typeof optionsObj.context === "undefined") {
    optionsObj.context = 4;
  }
  const context = optionsObj.context;
  if (optionsObj.newlineIsToken) {
    throw new Error("newlineIsToken may not be used with patch-generation functions, only with diffing functions");
  }
  if (!optionsObj.callback) {
    return diffLinesResultToPatch(diffLines(oldStr, newStr, optionsObj));
  } else {
    const { callback } = optionsObj;
    diffLines(oldStr, newStr, Object.assign(Object.assign({}, optionsObj), { callback: (diff) => {
      const patch = diffLinesResultToPatch(diff);
      callback(patch);
    } }));
  }
  function diffLinesResultToPatch(diff) {
    if (!diff) {
      return;
    }
    diff.push({ value: "", lines: [] });
    function contextLines(lines) {
      return lines.map(function(entry) {
        return " " + entry;
      });
    }
    const hunks = [];
    let oldRangeStart = 0, newRangeStart = 0, curRange = [], oldLine = 1, newLine = 1;
    for (let i = 0; i < diff.length; i++) {
      const current = diff[i], lines = current.lines || splitLines(current.value);
      current.lines = lines;
      if (current.added || current.removed) {
        if (!oldRangeStart) {
          const prev = diff[i - 1];
          oldRangeStart = oldLine;
          newRangeStart = newLine;
          if (prev) {
            curRange = context > 0 ? contextLines(prev.lines.slice(-context)) : [];
            oldRangeStart -= curRange.length;
            newRangeStart -= curRange.length;
          }
        }
        for (const line of lines) {
          curRange.push((current.added ? "+" : "-") + line);
        }
        if (current.added) {
          newLine += lines.length;
        } else {
          oldLine += lines.length;
        }
      } else {
        if (oldRangeStart) {
          if (lines.length <= context * 2 && i < diff.length - 2) {
            for (const line of contextLines(lines)) {
              curRange.push(line);
            }
          } else {
            const contextSize = Math.min(lines.length, context);
            for (const line of contextLines(lines.slice(0, contextSize))) {
              curRange.push(line);
            }
            const hunk = {
              oldStart: oldRangeStart,
              oldLines: oldLine - oldRangeStart + contextSize,
              newStart: newRangeStart,
              newLines: newLine - newRangeStart + contextSize,
              lines: curRange
            };
            hunks.push(hunk);
            oldRangeStart = 0;
            newRangeStart = 0;
            curRange = [];
          }
        }
        oldLine += lines.length;
        newLine += lines.length;
      }
    }
    for (const hunk of hunks) {
      for (let i = 0; i < hunk.lines.length; i++) {
        if (hunk.lines[i].endsWith("\n")) {
          hunk.lines[i] = hunk.lines[i].slice(0, -1);
        } else {
          hunk.lines.splice(i + 1, 0, "\\ No newline at end of file");
          i++;
        }
      }
    }
    return {
      oldFileName,
      newFileName,
      oldHeader,
      newHeader,
      hunks
    };
  }
}
function formatPatch(patch, headerOptions) {
  if (!headerOptions) {
    headerOptions = INCLUDE_HEADERS;
  }
  if (Array.isArray(patch)) {
    if (patch.length > 1 && !headerOptions.includeFileHeaders) {
      throw new Error("Cannot omit file headers on a multi-file patch. (The result would be unparseable; how would a tool trying to apply the patch know which changes are to which file?)");
    }
    return patch.map((p) => formatPatch(p, headerOptions)).join("\n");
  }
  const ret = [];
  if (headerOptions.includeIndex && patch.oldFileName == patch.newFileName) {
    ret.push("Index: " + patch.oldFileName);
  }
  if (headerOptions.includeUnderline) {
    ret.push("===================================================================");
  }
  if (headerOptions.includeFileHeaders) {
    ret.push("--- " + patch.oldFileName + (typeof patch.oldHeader === "undefined" ? "" : "	" + patch.oldHeader));
    ret.push("+++ " + patch.newFileName + (typeof patch.newHeader === "undefined" ? "" : "	" + patch.newHeader));
  }
  for (let i = 0; i < patch.hunks.length; i++) {
    const hunk = patch.hunks[i];
    if (hunk.oldLines === 0) {
      hunk.oldStart -= 1;
    }
    if (hunk.newLines === 0) {
      hunk.newStart -= 1;
    }
    ret.push("@@ -" + hunk.oldStart + "," + hunk.oldLines + " +" + hunk.newStart + "," + hunk.newLines + " @@");
    for (const line of hunk.lines) {
      ret.push(line);
    }
  }
  return ret.join("\n") + "\n";
}
function createTwoFilesPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options) {
  if (typeof options === "function") {
    options = { callback: options };
  }
  if (!(options === null || options === void 0 ? void 0 : options.callback)) {
    const patchObj = structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, options);
    if (!patchObj) {
      return;
    }
    return formatPatch(patchObj, options === null || options === void 0 ? void 0 : options.headerOptions);
  } else {
    const { callback } = options;
    structuredPatch(oldFileName, newFileName, oldStr, newStr, oldHeader, newHeader, Object.assign(Object.assign({}, options), { callback: (patchObj) => {
      if (!patchObj) {
        callback(void 0);
      } else {
        callback(formatPatch(patchObj, options.headerOptions));
      }
    } }));
  }
}
function splitLines(text) {
  const hasTrailingNl = text.endsWith("\n");
  const result = text.split("\n").map((line) => line + "\n");
  if (hasTrailingNl) {
    result.pop();
  } else {
    result.push(result.pop().slice(0, -1));
  }
  return result;
}

// src/engine/rule-api.ts
var import_eslint_utils = __toESM(require_eslint_utils(), 1);

// package.json
var package_default = {
  name: "meshlint",
  version: "0.1.0",
  description: "Offline linter for Kubernetes manifests that predicts what Istio will do with each workload: sidecar injection, start-up order, admission.",
  license: "Apache-2.0",
  type: "module",
  bin: {
    meshlint: "bin/meshlint.js"
  },
  exports: {
    "./eslint-plugin": "./dist/eslint-plugin.js",
    "./package.json": "./package.json"
  },
  engines: {
    node: ">=20.19"
  },
  files: [
    "bin",
    "dist/cli.js",
    "dist/cli.js.map",
    "dist/lsp.js",
    "dist/eslint-plugin.js",
    "rules/*.md",
    "README.md"
  ],
  scripts: {
    build: "node scripts/build.mjs",
    prepare: "node scripts/build.mjs",
    start: "node scripts/start.mjs",
    typecheck: "tsc --noEmit",
    test: "node scripts/build.mjs && tsc --noEmit && node scripts/test.mjs",
    "test:binaries": "node scripts/test-binaries.mjs",
    "build:action": "node scripts/build.mjs --action",
    bench: "node scripts/build.mjs && node scripts/bench.mjs",
    fuzz: "node --import tsx scripts/fuzz.ts"
  },
  devDependencies: {
    "@microsoft/jest-sarif": "^1.0.0-beta.0",
    "@types/node": "^20.19.43",
    "@types/sarif": "^2.1.7",
    "@typescript-eslint/utils": "^8.73.0",
    ajv: "^8.20.0",
    diff: "^8.0.4",
    esbuild: "^0.28.2",
    eslint: "^10.15.0",
    glob: "^14.0.6",
    ignore: "^7.0.16",
    "js-yaml": "^5.5.0",
    tsx: "^4.23.15",
    typescript: "^6.0.3",
    uvu: "^0.5.6",
    "vscode-jsonrpc": "^10.0.0",
    "vscode-languageserver": "^10.1.2",
    "vscode-languageserver-textdocument": "^1.0.16",
    yaml: "^2.9.1",
    "yaml-eslint-parser": "^2.1.0"
  },
  peerDependencies: {
    eslint: ">=9"
  },
  peerDependenciesMeta: {
    eslint: {
      optional: true
    }
  }
};

// src/meta.ts
var TOOL_NAME = "meshlint";
var VERSION = package_default.version;
var HOMEPAGE = "https://github.com/meshlint/meshlint";
var DOCS_URL = `${HOMEPAGE}/blob/main/rules`;

// src/engine/rule-api.ts
var creator = (0, import_eslint_utils.RuleCreator)((name) => `${DOCS_URL}/${name}.md`);
function createRule(def) {
  const rule = creator({
    name: def.name,
    meta: def.meta,
    defaultOptions: def.defaultOptions,
    // RuleCreator applies defaultOptions under the configured options before calling create.
    create: (context, options) => def.create(context, options)
  });
  return rule;
}
function listenersOf(rule, context) {
  return rule.create(context);
}

// rules/duplicate-key.ts
var show = (v2) => typeof v2 === "string" ? JSON.stringify(v2) : v2 !== null && typeof v2 === "object" ? Array.isArray(v2) ? "a list" : "a mapping" : String(v2);
var sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function isLabelsOrAnnotations(path) {
  const n = path.length;
  return n >= 2 && path[n - 2] === "metadata" && (path[n - 1] === "labels" || path[n - 1] === "annotations");
}
var duplicate_key_default = createRule({
  name: "duplicate-key",
  meta: {
    type: "problem",
    docs: {
      description: "Mapping keys written twice: Kubernetes keeps the last value and drops the other silently",
      defaultLevel: "error",
      precision: "very-high",
      category: "yaml",
      istioVersions: "all"
    },
    messages: {
      conflicting: 'Duplicate key "{{ key }}" in {{ where }}: this value ({{ last }}) silently replaces the earlier {{ first }}; Kubernetes keeps only the last one. Remove one of them.',
      repeated: 'Duplicate key "{{ key }}" in {{ where }}: written twice{{ detail }}; Kubernetes keeps only the last one. Remove one of them.'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      Document({ doc, resources }) {
        for (const dup of doc.duplicateKeys) {
          const resource = resources.find((r7) => r7.basePath.every((p, i) => dup.mapPath[i] === p));
          if (!resource) continue;
          const rel = dup.mapPath.slice(resource.basePath.length);
          const where = rel.length ? rel.join(".") : "the top level";
          const differ = !sameValue(dup.first.value, dup.last.value);
          const important = isLabelsOrAnnotations(rel) || /istio/i.test(dup.key) || rel.some((p) => typeof p === "string" && /istio/i.test(p));
          const path = [...dup.mapPath, dup.key];
          const target = { doc, offset: dup.last.offset, endOffset: dup.last.endOffset, resource, path };
          const related = [{ target: { doc, offset: dup.first.offset, endOffset: dup.first.endOffset, resource, path }, message: `the earlier "${dup.key}"` }];
          if (differ && important) {
            context.report({ target, messageId: "conflicting", data: { key: dup.key, where, last: show(dup.last.value), first: show(dup.first.value) }, related });
          } else {
            context.report({
              target,
              messageId: "repeated",
              severity: "warn",
              data: { key: dup.key, where, detail: differ ? ` with different values (${show(dup.first.value)}, then ${show(dup.last.value)})` : " with the same value" },
              related
            });
          }
        }
      }
    };
  }
});

// src/model/mesh.ts
var import_yaml = __toESM(require_dist(), 1);

// src/model/workload.ts
var labelString = (v2) => v2 === void 0 ? void 0 : typeof v2 === "string" ? v2 : v2 === null ? "" : String(v2);
var asObject = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2) ? v2 : void 0;
var TEMPLATE_PATHS = {
  Pod: [],
  Deployment: ["spec", "template"],
  StatefulSet: ["spec", "template"],
  DaemonSet: ["spec", "template"],
  ReplicaSet: ["spec", "template"],
  ReplicationController: ["spec", "template"],
  Job: ["spec", "template"],
  CronJob: ["spec", "jobTemplate", "spec", "template"],
  PodTemplate: ["template"]
};
function getIn(obj, path) {
  let cur = obj;
  for (const step of path) {
    if (typeof step === "number") {
      if (!Array.isArray(cur)) return void 0;
      cur = cur[step];
    } else {
      const o = asObject(cur);
      if (!o || !Object.hasOwn(o, step)) return void 0;
      cur = o[step];
    }
  }
  return cur;
}
var templates = /* @__PURE__ */ new WeakMap();
function podTemplateOf(resource) {
  let t = templates.get(resource);
  if (t === void 0) {
    t = buildPodTemplate(resource) ?? null;
    templates.set(resource, t);
  }
  return t ?? void 0;
}
function buildPodTemplate(resource) {
  let path = TEMPLATE_PATHS[resource.kind];
  if (!path && asObject(getIn(resource.object, ["spec", "template", "spec"])) && Array.isArray(getIn(resource.object, ["spec", "template", "spec", "containers"]))) {
    path = ["spec", "template"];
  }
  if (!path) return void 0;
  const holder = asObject(getIn(resource.object, path));
  if (!holder) return void 0;
  const spec = asObject(holder.spec);
  if (!spec) return void 0;
  const metadata = asObject(holder.metadata) ?? {};
  const template = {
    resource,
    path,
    metadata,
    spec,
    labels: asObject(metadata.labels) ?? {},
    annotations: asObject(metadata.annotations) ?? {},
    containers: []
  };
  const containers = [];
  for (const group of ["initContainers", "containers", "ephemeralContainers"]) {
    const list = spec[group];
    if (!Array.isArray(list)) continue;
    list.forEach((c, index) => {
      const object = asObject(c);
      if (!object) return;
      containers.push({
        template,
        group,
        index,
        path: [...path, "spec", group, index],
        name: typeof object.name === "string" ? object.name : "",
        object
      });
    });
  }
  template.containers = containers;
  return template;
}
function templatePath(t, ...rest) {
  return [...t.path, ...rest];
}

// src/model/selector.ts
var EVERYTHING = { requirements: [] };
function parseSelector(raw) {
  const obj = asObject(raw);
  if (!obj) return EVERYTHING;
  const requirements = [];
  for (const [key, value] of Object.entries(asObject(obj.matchLabels) ?? {})) {
    requirements.push({ key, operator: "In", values: [String(value)] });
  }
  if (Array.isArray(obj.matchExpressions)) {
    for (const e of obj.matchExpressions) {
      const ex = asObject(e);
      if (!ex || typeof ex.key !== "string") continue;
      const op = ex.operator;
      if (op !== "In" && op !== "NotIn" && op !== "Exists" && op !== "DoesNotExist") {
        return { requirements, invalid: `unknown operator ${String(op)}` };
      }
      const values = Array.isArray(ex.values) ? ex.values.map((v2) => String(v2)) : [];
      requirements.push({ key: ex.key, operator: op, values });
    }
  }
  return { requirements };
}
function parseSelectorString(s) {
  const requirements = [];
  for (const part of s.split(/,(?![^()]*\))/).map((p) => p.trim()).filter(Boolean)) {
    let m;
    if (m = /^!\s*([\w./-]+)$/.exec(part)) requirements.push({ key: m[1] ?? "", operator: "DoesNotExist", values: [] });
    else if (m = /^([\w./-]+)\s*(==?|!=)\s*([\w./-]*)$/.exec(part)) {
      requirements.push({ key: m[1] ?? "", operator: m[2] === "!=" ? "NotIn" : "In", values: [m[3] ?? ""] });
    } else if (m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(part)) {
      requirements.push({ key: m[1] ?? "", operator: m[2] === "in" ? "In" : "NotIn", values: (m[3] ?? "").split(",").map((v2) => v2.trim()) });
    } else if (m = /^([\w./-]+)$/.exec(part)) requirements.push({ key: m[1] ?? "", operator: "Exists", values: [] });
    else return { requirements, invalid: `cannot parse "${part}"` };
  }
  return { requirements };
}
function isEmptySelector(sel2) {
  return sel2.requirements.length === 0 && !sel2.invalid;
}
function knownLabels(labels) {
  return { known: labels, complete: true };
}
function evalRequirement(r7, labels) {
  const has = Object.hasOwn(labels.known, r7.key);
  if (!has && !labels.complete) return "unknown";
  const value = has ? labels.known[r7.key] : void 0;
  switch (r7.operator) {
    case "In":
      return value !== void 0 && r7.values.includes(value);
    case "NotIn":
      return value === void 0 || !r7.values.includes(value);
    case "Exists":
      return value !== void 0;
    case "DoesNotExist":
      return value === void 0;
  }
}
function matches(sel2, labels) {
  if (sel2.invalid) return false;
  let result = true;
  for (const r7 of sel2.requirements) {
    const v2 = evalRequirement(r7, labels);
    if (v2 === false) return false;
    if (v2 === "unknown") result = "unknown";
  }
  return result;
}
function describeSelector(sel2) {
  if (sel2.invalid) return `(invalid: ${sel2.invalid})`;
  if (sel2.requirements.length === 0) return "(everything)";
  return sel2.requirements.map((r7) => {
    switch (r7.operator) {
      case "In":
        return r7.values.length === 1 ? `${r7.key}=${r7.values[0]}` : `${r7.key} in (${r7.values.join(",")})`;
      case "NotIn":
        return r7.values.length === 1 ? `${r7.key}!=${r7.values[0]}` : `${r7.key} notin (${r7.values.join(",")})`;
      case "Exists":
        return r7.key;
      case "DoesNotExist":
        return `!${r7.key}`;
    }
  }).join(", ");
}

// src/model/mesh.ts
var INJECT_KEY = "sidecar.istio.io/inject";
var REV_LABEL = "istio.io/rev";
var NS_INJECTION_LABEL = "istio-injection";
var TAG_LABEL = "istio.io/tag";
var DATAPLANE_MODE_LABEL = "istio.io/dataplane-mode";
var DEACTIVATED_LABEL = "istio.io/deactivated";
var IGNORED_NAMESPACES = ["kube-system", "kube-public", "kube-node-lease", "local-path-storage"];
var WEBHOOK_SUFFIX = "sidecar-injector.istio.io";
var sel = (requirements) => ({ requirements });
function generateWebhooks(shape, origin) {
  const out = [];
  const make = (configName, shortName, revision, tag, ns2, obj) => ({
    configName,
    name: `${shortName}.${WEBHOOK_SUFFIX}`,
    shortName,
    namespaceSelector: ns2,
    objectSelector: obj,
    revision,
    tag,
    revLabel: revision,
    deactivated: false,
    service: { name: revision === "default" ? "istiod" : `istiod-${revision}`, namespace: "istio-system", port: 443 },
    url: void 0,
    caBundle: void 0,
    caInjected: false,
    origin,
    resource: void 0,
    index: void 0
  });
  const entries = (configName, selectValue, revision, tag, withDefault) => {
    out.push(
      make(
        configName,
        "rev.namespace",
        revision,
        tag,
        sel([{ key: REV_LABEL, operator: "In", values: [selectValue] }, { key: NS_INJECTION_LABEL, operator: "DoesNotExist", values: [] }]),
        sel([{ key: INJECT_KEY, operator: "NotIn", values: ["false"] }])
      ),
      make(
        configName,
        "rev.object",
        revision,
        tag,
        sel([{ key: REV_LABEL, operator: "DoesNotExist", values: [] }, { key: NS_INJECTION_LABEL, operator: "DoesNotExist", values: [] }]),
        sel([{ key: INJECT_KEY, operator: "NotIn", values: ["false"] }, { key: REV_LABEL, operator: "In", values: [selectValue] }])
      )
    );
    if (!withDefault) return;
    out.push(
      make(
        configName,
        "namespace",
        revision,
        tag,
        sel([{ key: NS_INJECTION_LABEL, operator: "In", values: ["enabled"] }]),
        sel([{ key: INJECT_KEY, operator: "NotIn", values: ["false"] }])
      ),
      make(
        configName,
        "object",
        revision,
        tag,
        sel([{ key: NS_INJECTION_LABEL, operator: "DoesNotExist", values: [] }, { key: REV_LABEL, operator: "DoesNotExist", values: [] }]),
        sel([{ key: INJECT_KEY, operator: "In", values: ["true"] }, { key: REV_LABEL, operator: "DoesNotExist", values: [] }])
      )
    );
    if (shape.enableNamespacesByDefault) {
      out.push(
        make(
          configName,
          "auto",
          revision,
          tag,
          sel([
            { key: NS_INJECTION_LABEL, operator: "DoesNotExist", values: [] },
            { key: REV_LABEL, operator: "DoesNotExist", values: [] },
            { key: "kubernetes.io/metadata.name", operator: "NotIn", values: [...IGNORED_NAMESPACES] }
          ]),
          sel([{ key: INJECT_KEY, operator: "DoesNotExist", values: [] }, { key: REV_LABEL, operator: "DoesNotExist", values: [] }])
        )
      );
    }
  };
  for (const rev of shape.revisions) {
    entries(rev === "default" ? "istio-sidecar-injector" : `istio-sidecar-injector-${rev}`, rev, rev, void 0, rev === "default");
  }
  for (const [tag, rev] of Object.entries(shape.tags)) {
    entries(`istio-revision-tag-${tag}`, tag, rev, tag, tag === "default");
  }
  return out;
}
var str = (v2) => typeof v2 === "string" ? v2 : void 0;
function isInjectorConfig(r7) {
  if (r7.kind !== "MutatingWebhookConfiguration") return false;
  if (/^istio-(sidecar-injector|revision-tag-)/.test(r7.name)) return true;
  const hooks = r7.object.webhooks;
  return Array.isArray(hooks) && hooks.some((h) => str(asObject(h)?.name)?.endsWith(WEBHOOK_SUFFIX));
}
function webhooksOf(r7) {
  const md = asObject(r7.object.metadata) ?? {};
  const labels = asObject(md.labels) ?? {};
  const annotations2 = asObject(md.annotations) ?? {};
  const revLabel = str(labels[REV_LABEL]);
  const tag = str(labels[TAG_LABEL]);
  const caInjected = Object.keys(annotations2).some((k2) => /inject-ca-from|inject-apiserver-ca|cainjector/.test(k2));
  const hooks = Array.isArray(r7.object.webhooks) ? r7.object.webhooks : [];
  const out = [];
  hooks.forEach((h, index) => {
    const hook = asObject(h);
    if (!hook) return;
    const name = str(hook.name) ?? "";
    if (!name.endsWith(WEBHOOK_SUFFIX) && !/^istio-(sidecar-injector|revision-tag-)/.test(r7.name)) return;
    const cc = asObject(hook.clientConfig) ?? {};
    const svc = asObject(cc.service);
    const nsSel = parseSelector(hook.namespaceSelector);
    const objSel = parseSelector(hook.objectSelector);
    const deactivated = [nsSel, objSel].some((s) => s.requirements.some((q2) => q2.key === DEACTIVATED_LABEL));
    const svcName = str(svc?.name);
    const revision = revLabel ?? (svcName && svcName.startsWith("istiod-") ? svcName.slice("istiod-".length) : "default");
    out.push({
      configName: r7.name,
      name,
      shortName: name.endsWith(`.${WEBHOOK_SUFFIX}`) ? name.slice(0, -(WEBHOOK_SUFFIX.length + 1)) : name,
      namespaceSelector: nsSel,
      objectSelector: objSel,
      revision,
      tag,
      revLabel,
      deactivated,
      service: svc ? { name: svcName ?? "", namespace: str(svc.namespace) ?? "", port: typeof svc.port === "number" && svc.port > 0 ? svc.port : 443 } : void 0,
      url: str(cc.url),
      caBundle: str(cc.caBundle),
      caInjected,
      origin: "input",
      resource: r7,
      index
    });
  });
  return out;
}
function injectorConfigMapRevision(name) {
  if (name === "istio-sidecar-injector") return "default";
  const m = /^istio-sidecar-injector-(.+)$/.exec(name);
  return m?.[1];
}
function isInjectorConfigMap(r7) {
  return r7.kind === "ConfigMap" && injectorConfigMapRevision(r7.name) !== void 0 && typeof asObject(r7.object.data)?.config === "string";
}
var parsedValues = /* @__PURE__ */ new WeakMap();
var parsedConfig = /* @__PURE__ */ new WeakMap();
function memo(cache2, r7, parse2) {
  let hit = cache2.get(r7);
  if (!hit) {
    try {
      hit = { value: asObject(parse2()), error: void 0 };
    } catch (e) {
      hit = { value: void 0, error: e.message.split("\n")[0] };
    }
    cache2.set(r7, hit);
  }
  return hit;
}
function injectorValuesOf(r7) {
  const text = str(asObject(r7.object.data)?.values);
  return text === void 0 ? void 0 : memo(parsedValues, r7, () => JSON.parse(text)).value;
}
function injectorConfigDataOf(r7) {
  return memo(parsedConfig, r7, () => (0, import_yaml.parse)(str(asObject(r7.object.data)?.config) ?? "", { version: "1.1", uniqueKeys: false }));
}
function injectorConfigOf(r7) {
  const revision = injectorConfigMapRevision(r7.name) ?? "default";
  const values = injectorValuesOf(r7) ?? {};
  const enableNamespacesByDefault = getIn(values, ["sidecarInjectorWebhook", "enableNamespacesByDefault"]);
  const base = {
    revision: str(values.revision) || revision,
    enableNamespacesByDefault: typeof enableNamespacesByDefault === "boolean" ? enableNamespacesByDefault : void 0,
    origin: "input",
    resource: r7
  };
  const parsed = injectorConfigDataOf(r7);
  if (parsed.error !== void 0) {
    return { ...base, policy: void 0, neverInjectSelector: [], alwaysInjectSelector: [], configError: `its "config" is not valid YAML (${parsed.error})` };
  }
  const c = parsed.value ?? {};
  const policy = c.policy;
  let configError;
  if (policy !== void 0 && policy !== null && typeof policy !== "string") {
    configError = `"policy" is ${typeof policy} ${JSON.stringify(policy)}, not a string, so istiod cannot load the injector config`;
  }
  const selectors = (v2, key) => {
    if (v2 === void 0 || v2 === null) return [];
    if (!Array.isArray(v2)) {
      configError ??= `"${key}" must be a list of label selectors`;
      return [];
    }
    return v2.map((s) => parseSelector(s));
  };
  return {
    ...base,
    policy,
    neverInjectSelector: selectors(c.neverInjectSelector, "neverInjectSelector"),
    alwaysInjectSelector: selectors(c.alwaysInjectSelector, "alwaysInjectSelector"),
    configError
  };
}
function istioOperatorFacts(r7) {
  if (r7.kind !== "IstioOperator" || !r7.apiVersion.startsWith("install.istio.io/")) return void 0;
  const spec = asObject(r7.object.spec) ?? {};
  const enable = getIn(spec, ["values", "sidecarInjectorWebhook", "enableNamespacesByDefault"]);
  return {
    revision: str(spec.revision) || "default",
    enableNamespacesByDefault: typeof enable === "boolean" ? enable : void 0,
    policy: getIn(spec, ["values", "global", "proxy", "autoInject"])
  };
}

// src/model/intent.ts
function effectiveInject(t) {
  const label = labelString(t.labels[INJECT_KEY]);
  if (label !== void 0) return { value: label, from: "label", path: templatePath(t, "metadata", "labels", INJECT_KEY) };
  const annotation2 = labelString(t.annotations[INJECT_KEY]);
  if (annotation2 !== void 0) return { value: annotation2, from: "annotation", path: templatePath(t, "metadata", "annotations", INJECT_KEY) };
  return void 0;
}
function explicitlyOptedOut(t) {
  return effectiveInject(t)?.value === "false";
}
function namespaceLabelLocation(ns2, key, message) {
  if (!ns2?.resource) return void 0;
  const labels = ns2.resource.object.metadata?.labels;
  const path = labels && key in labels ? ["metadata", "labels", key] : ["metadata", "name"];
  return { target: { resource: ns2.resource, path }, message };
}
function namespaceOf(t, facts) {
  const r7 = "resource" in t ? t.resource : t;
  return r7.namespace ? facts.namespaces.get(r7.namespace) : void 0;
}
function injectionIntent(t, facts) {
  const out = [];
  const ns2 = namespaceOf(t, facts);
  const where = ns2?.origin === "config" ? " (in the config file)" : "";
  if (ns2?.labels[NS_INJECTION_LABEL] === "enabled") {
    out.push({ text: `namespace ${ns2.name} has ${NS_INJECTION_LABEL}=enabled${where}`, related: namespaceLabelLocation(ns2, NS_INJECTION_LABEL, `namespace ${ns2.name}: ${NS_INJECTION_LABEL}=enabled`) });
  }
  const nsRev = ns2?.labels[REV_LABEL];
  if (ns2 && nsRev !== void 0 && nsRev !== "") {
    out.push({ text: `namespace ${ns2.name} has ${REV_LABEL}=${nsRev}${where}`, related: namespaceLabelLocation(ns2, REV_LABEL, `namespace ${ns2.name}: ${REV_LABEL}=${nsRev}`) });
  }
  const label = labelString(t.labels[INJECT_KEY]);
  if (label === "true") {
    out.push({ text: `the pod template has label ${INJECT_KEY}: "true"`, related: { target: { resource: t.resource, path: templatePath(t, "metadata", "labels", INJECT_KEY) }, message: "the label that asks for a sidecar" } });
  }
  const podRev = labelString(t.labels[REV_LABEL]);
  if (podRev !== void 0 && podRev !== "") {
    out.push({ text: `the pod template has label ${REV_LABEL}: ${podRev}`, related: { target: { resource: t.resource, path: templatePath(t, "metadata", "labels", REV_LABEL) }, message: "the revision label that asks for a sidecar" } });
  }
  const annotation2 = labelString(t.annotations[INJECT_KEY]);
  if (annotation2 === "true") {
    out.push({ text: `the pod template has annotation ${INJECT_KEY}: "true"`, related: { target: { resource: t.resource, path: templatePath(t, "metadata", "annotations", INJECT_KEY) }, message: "the annotation that asks for a sidecar" } });
  }
  return out;
}
function relatedOf(signals) {
  return signals.flatMap((s) => s.related ? [s.related] : []);
}

// rules/inject-label-conflict.ts
var inject_label_conflict_default = createRule({
  name: "inject-label-conflict",
  meta: {
    type: "problem",
    docs: {
      description: "Injection labels and annotations that contradict each other, or that Istio resolves against what they say",
      defaultLevel: "error",
      precision: "very-high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      labelVsAnnotation: `The pod template's label {{ key }}: "{{ label }}" and annotation {{ key }}: "{{ annotation }}" disagree. Istio reads the label and ignores the annotation (inject.go), so the pod is {{ outcome }}. Remove the annotation (it is deprecated) or make them agree.`,
      disabledNamespace: 'The pod template asks for a sidecar ({{ key }}: "true"), but namespace {{ namespace }} has {{ nsKey }}={{ nsValue }}: no injector webhook matches a namespace with {{ nsKey }} other than "enabled", and a pod label cannot override it. The pod runs without a sidecar. Label the namespace {{ nsKey }}=enabled, or remove the label from the namespace.',
      revVsInjection: "The pod template selects revision {{ revision }} ({{ revKey }}: {{ revision }}), but namespace {{ namespace }} has {{ nsKey }}=enabled, which takes precedence: the default revision injects this pod, not {{ revision }}. Remove one of the two.",
      revVsRev: "The pod template selects revision {{ revision }} ({{ revKey }}: {{ revision }}), but namespace {{ namespace }} has {{ revKey }}={{ nsRevision }}: the namespace wins and revision {{ nsRevision }} injects this pod. Make them agree, or drop the pod label.",
      revInDisabled: "The pod template selects revision {{ revision }} ({{ revKey }}: {{ revision }}), but namespace {{ namespace }} has {{ nsKey }}={{ nsValue }}: every revision webhook requires the namespace to have no {{ nsKey }} label, so no webhook matches and the pod runs without a sidecar. Remove {{ nsKey }} from the namespace (or set it to enabled), or drop the pod label.",
      namespaceLabels: "Namespace {{ namespace }} has more than one injection label ({{ labels }}): {{ effect }} Keep one (istioctl analyze reports this as IST0123).",
      namespaceValue: 'Namespace {{ namespace }} has {{ nsKey }}={{ value }}: only "enabled" turns injection on, so {{ value }} disables it for every pod in the namespace (and pods cannot opt back in). Use "enabled" or "disabled".'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      Namespace(ns2) {
        const md = asObject(ns2.object.metadata) ?? {};
        const labels = asObject(md.labels) ?? {};
        const injection = labelString(labels[NS_INJECTION_LABEL]);
        const rev = labelString(labels[REV_LABEL]);
        const mode = labelString(labels[DATAPLANE_MODE_LABEL]);
        const counted = [];
        if (injection !== void 0) counted.push(`${NS_INJECTION_LABEL}=${injection}`);
        if (injection === void 0 || injection === "enabled") {
          if (rev !== void 0) counted.push(`${REV_LABEL}=${rev}`);
          if (mode !== void 0) counted.push(`${DATAPLANE_MODE_LABEL}=${mode}`);
        }
        if (counted.length > 1) {
          const effect = injection === "enabled" && rev !== void 0 ? `istio-injection=enabled wins and the default revision injects, not ${rev}.` : mode !== void 0 ? `a namespace is either in sidecar mode or in ambient mode (${DATAPLANE_MODE_LABEL}), not both.` : "they select different injectors.";
          context.report({ target: { resource: ns2, path: ["metadata", "labels", injection !== void 0 ? NS_INJECTION_LABEL : REV_LABEL] }, messageId: "namespaceLabels", data: { namespace: ns2.name, labels: counted.join(", "), effect } });
        }
        if (injection !== void 0 && injection !== "enabled" && injection !== "disabled") {
          context.report({ target: { resource: ns2, path: ["metadata", "labels", NS_INJECTION_LABEL] }, messageId: "namespaceValue", severity: "warn", data: { namespace: ns2.name, nsKey: NS_INJECTION_LABEL, value: injection } });
        }
      },
      PodTemplate(t) {
        const label = labelString(t.labels[INJECT_KEY]);
        const annotation2 = labelString(t.annotations[INJECT_KEY]);
        if (label !== void 0 && annotation2 !== void 0 && label !== annotation2) {
          context.report({
            target: { resource: t.resource, path: templatePath(t, "metadata", "annotations", INJECT_KEY) },
            messageId: "labelVsAnnotation",
            data: { key: INJECT_KEY, label, annotation: annotation2, outcome: label === "true" ? "meant to be injected" : label === "false" ? "not injected" : `decided by the label "${label}"` },
            related: [{ target: { resource: t.resource, path: templatePath(t, "metadata", "labels", INJECT_KEY) }, message: "the label, which wins" }]
          });
        }
        const ns2 = namespaceOf(t, context.facts);
        if (!ns2) return;
        const nsInjection = ns2.labels[NS_INJECTION_LABEL];
        const effective = label ?? annotation2;
        if (effective === "true" && nsInjection !== void 0 && nsInjection !== "enabled") {
          const related = namespaceLabelLocation(ns2, NS_INJECTION_LABEL, `namespace ${ns2.name}: ${NS_INJECTION_LABEL}=${nsInjection}`);
          context.report({
            target: { resource: t.resource, path: templatePath(t, "metadata", label !== void 0 ? "labels" : "annotations", INJECT_KEY) },
            messageId: "disabledNamespace",
            data: { key: INJECT_KEY, namespace: ns2.name, nsKey: NS_INJECTION_LABEL, nsValue: nsInjection },
            ...related ? { related: [related] } : {}
          });
        }
        const podRev = labelString(t.labels[REV_LABEL]);
        if (podRev === void 0 || podRev === "" || label === "false") return;
        const revPath = templatePath(t, "metadata", "labels", REV_LABEL);
        if (nsInjection !== void 0 && nsInjection !== "enabled") {
          const related = namespaceLabelLocation(ns2, NS_INJECTION_LABEL, `namespace ${ns2.name}: ${NS_INJECTION_LABEL}=${nsInjection}`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: "revInDisabled", data: { revision: podRev, revKey: REV_LABEL, namespace: ns2.name, nsKey: NS_INJECTION_LABEL, nsValue: nsInjection }, ...related ? { related: [related] } : {} });
          return;
        }
        if (nsInjection === "enabled") {
          const related = namespaceLabelLocation(ns2, NS_INJECTION_LABEL, `namespace ${ns2.name}: ${NS_INJECTION_LABEL}=enabled`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: "revVsInjection", data: { revision: podRev, revKey: REV_LABEL, namespace: ns2.name, nsKey: NS_INJECTION_LABEL }, ...related ? { related: [related] } : {} });
          return;
        }
        const nsRev = ns2.labels[REV_LABEL];
        if (nsInjection === void 0 && nsRev !== void 0 && nsRev !== podRev) {
          const related = namespaceLabelLocation(ns2, REV_LABEL, `namespace ${ns2.name}: ${REV_LABEL}=${nsRev}`);
          context.report({ target: { resource: t.resource, path: revPath }, messageId: "revVsRev", data: { revision: podRev, revKey: REV_LABEL, namespace: ns2.name, nsRevision: nsRev }, ...related ? { related: [related] } : {} });
        }
      }
    };
  }
});

// src/model/istio-version.ts
var DEFAULT_ISTIO_VERSION = { major: 1, minor: 31, patch: 0, text: "1.31" };
function parseIstioVersion(text) {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return void 0;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0), text: text.trim().replace(/^v/, "") };
}
function atLeast(v2, major, minor) {
  return v2.major > major || v2.major === major && v2.minor >= minor;
}

// src/model/injection.ts
var INJECT_SOURCE = "pkg/kube/inject/inject.go";
function parseInjectValue(value, version) {
  if (atLeast(version, 1, 27)) {
    if (value === "true") return { kind: "true" };
    if (value === "false") return { kind: "false" };
    return { kind: "default", invalid: value !== "" };
  }
  const lower = value.toLowerCase();
  if (lower === "") return { kind: "default", invalid: false };
  if (["y", "yes", "true", "on"].includes(lower)) return { kind: "true" };
  return { kind: "false" };
}
function injectRequired(pod, injector, version) {
  const trace = [];
  if (pod.hostNetwork) {
    trace.push({ text: "the pod template has hostNetwork: true \u2192 Istio never injects it", source: `${INJECT_SOURCE} injectRequired` });
    return { required: false, explicit: false, trace };
  }
  if (pod.namespace === void 0) {
    trace.push({ text: "the pod's namespace is unknown, so whether it is one Istio ignores (kube-system, \u2026) is unknown" });
  } else if (IGNORED_NAMESPACES.includes(pod.namespace)) {
    trace.push({ text: `namespace ${pod.namespace} is one istiod never injects (${IGNORED_NAMESPACES.join(", ")})`, source: "pkg/kube/inject/initializer.go" });
    return { required: false, explicit: false, trace };
  }
  const label = pod.labels[INJECT_KEY];
  const annotation2 = pod.annotations[INJECT_KEY];
  let value = annotation2 ?? "";
  let from = annotation2 !== void 0 ? `annotation ${INJECT_KEY}="${annotation2}"` : "";
  if (label !== void 0) {
    value = label;
    from = `label ${INJECT_KEY}="${label}"${annotation2 !== void 0 && annotation2 !== label ? ` (it wins over the annotation "${annotation2}")` : ""}`;
  }
  const parsed = parseInjectValue(value, version);
  let useDefault = parsed.kind === "default";
  let inject = parsed.kind === "true";
  if (parsed.kind === "true" || parsed.kind === "false") {
    trace.push({ text: `the pod's ${from} \u2192 ${parsed.kind === "true" ? "inject" : "do not inject"}`, source: `${INJECT_SOURCE} injectRequired` });
  } else if (parsed.invalid) {
    trace.push({
      text: `the pod's ${from} is neither "true" nor "false": Istio ${version.text} logs a warning and falls back to the default policy`,
      source: `${INJECT_SOURCE} injectRequired`
    });
  }
  const podLabels = knownLabels(pod.labels);
  if (useDefault) {
    for (const s of injector.neverInjectSelector) {
      if (!isEmptySelector(s) && matches(s, podLabels) === true) {
        trace.push({ text: `the pod matches neverInjectSelector ${describeSelector(s)} \u2192 do not inject`, source: `${INJECT_SOURCE} injectRequired` });
        inject = false;
        useDefault = false;
        break;
      }
    }
  }
  if (useDefault) {
    for (const s of injector.alwaysInjectSelector) {
      if (!isEmptySelector(s) && matches(s, podLabels) === true) {
        trace.push({ text: `the pod matches alwaysInjectSelector ${describeSelector(s)} \u2192 inject`, source: `${INJECT_SOURCE} injectRequired` });
        inject = true;
        useDefault = false;
        break;
      }
    }
  }
  let required;
  if (injector.policy === "enabled") {
    required = useDefault ? true : inject;
    if (useDefault) trace.push({ text: 'injector policy "enabled" \u2192 inject by default', source: `${INJECT_SOURCE} injectRequired` });
  } else if (injector.policy === "disabled") {
    required = useDefault ? false : inject;
    if (useDefault) trace.push({ text: 'injector policy "disabled" \u2192 no injection unless the pod asks for it', source: `${INJECT_SOURCE} injectRequired` });
  } else {
    required = false;
    trace.push({
      text: `injector policy ${JSON.stringify(injector.policy ?? "")} is neither "enabled" nor "disabled" \u2192 istiod disables injection for every pod ("Illegal value for autoInject")`,
      source: `${INJECT_SOURCE} injectRequired`
    });
    return { required, explicit: false, trace };
  }
  if (pod.namespace === void 0 && required) return { required: "unknown", explicit: false, trace };
  return { required, explicit: !useDefault && (parsed.kind === "true" || parsed.kind === "false"), trace };
}
function webhookGate(webhooks, namespaceLabels, podLabels) {
  const matched = [];
  const maybe = [];
  const pod = knownLabels(podLabels);
  for (const w of webhooks) {
    const obj = matches(w.objectSelector, pod);
    if (obj === false) continue;
    const ns2 = matches(w.namespaceSelector, namespaceLabels);
    if (ns2 === false) continue;
    if (ns2 === true && obj === true) matched.push(w);
    else maybe.push(w);
  }
  return { matched, maybe };
}
var webhookName = (w) => `${w.name} (MutatingWebhookConfiguration ${w.configName})`;
function predictInjection(input2) {
  const trace = [];
  const { pod } = input2;
  const nsName = pod.namespace;
  const gate = webhookGate(input2.webhooks, input2.namespaceLabels, pod.labels);
  const nsDesc = nsName === void 0 ? "the namespace (unknown)" : `namespace ${nsName}`;
  const labelsDesc = (l) => {
    const entries = Object.entries(l.known).filter(([k2]) => k2 !== "kubernetes.io/metadata.name");
    return entries.length ? entries.map(([k2, v2]) => `${k2}=${v2}`).join(", ") : "no injection labels";
  };
  if (input2.namespaceKnown) trace.push({ text: `${nsDesc} has ${labelsDesc(input2.namespaceLabels)}` });
  else trace.push({ text: `${nsDesc} is not defined in the inputs or the config, so its labels are unknown` });
  if (gate.matched.length === 0 && gate.maybe.length === 0) {
    trace.push({ text: "no injector webhook matches the namespace and pod labels \u2192 the API server never calls the injector", source: "manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml" });
    return { outcome: "not-injected", via: void 0, gate, required: void 0, explicit: false, trace, unknownBecause: void 0 };
  }
  const via = gate.matched[0] ?? gate.maybe[0];
  if (gate.matched.length > 0) {
    trace.push({ text: `webhook ${webhookName(gate.matched[0])} matches (namespaceSelector ${describeSelector(gate.matched[0].namespaceSelector)}; objectSelector ${describeSelector(gate.matched[0].objectSelector)})` });
    if (gate.matched.length > 1) trace.push({ text: `more webhooks match as well (${gate.matched.slice(1).map(webhookName).join(", ")}): the pod may be injected twice` });
  } else {
    trace.push({ text: `webhook ${webhookName(via)} matches only if ${nsDesc} has the labels its namespaceSelector needs (${describeSelector(via.namespaceSelector)})` });
  }
  const injector = input2.injectorFor(via.revision);
  const req = injectRequired(pod, injector, input2.version);
  trace.push(...req.trace);
  const required = req.required;
  if (required === false) return { outcome: "not-injected", via, gate, required, explicit: req.explicit, trace, unknownBecause: void 0 };
  if (gate.matched.length > 0 && required === true) {
    trace.push({ text: `\u2192 injected (by istiod revision ${via.revision})` });
    return { outcome: "injected", via, gate, required, explicit: req.explicit, trace, unknownBecause: void 0 };
  }
  const because = gate.matched.length === 0 ? `the labels of ${nsDesc}: define the Namespace among the inputs, or under "namespaces:" in .meshlint.yaml` : `the pod's namespace: set metadata.namespace, or defaultNamespace / --namespace`;
  trace.push({ text: `\u2192 unknown: it depends on ${because}` });
  return { outcome: "unknown", via, gate, required, explicit: req.explicit, trace, unknownBecause: because };
}

// src/model/pod-injection.ts
var cache = /* @__PURE__ */ new WeakMap();
var stringRecord = (r7) => {
  const out = {};
  for (const [k2, v2] of Object.entries(r7)) out[k2] = labelString(v2) ?? "";
  return out;
};
function podFacts(t) {
  return {
    hostNetwork: t.spec.hostNetwork === true,
    namespace: t.resource.namespace,
    labels: stringRecord(t.labels),
    annotations: stringRecord(t.annotations)
  };
}
function namespaceLabelSet(name, facts) {
  if (name === void 0) return { labels: { known: {}, complete: false }, known: false };
  const ns2 = facts.namespaces.get(name);
  if (ns2) return { labels: { known: ns2.labels, complete: true }, known: true };
  return { labels: { known: { "kubernetes.io/metadata.name": name }, complete: false }, known: false };
}
function predictForTemplate(t, facts) {
  let byFacts = cache.get(t);
  const hit = byFacts?.get(facts);
  if (hit) return hit;
  const ns2 = namespaceLabelSet(t.resource.namespace, facts);
  const prediction = predictInjection({
    pod: podFacts(t),
    namespaceLabels: ns2.labels,
    namespaceKnown: ns2.known,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version
  });
  if (!byFacts) {
    byFacts = /* @__PURE__ */ new WeakMap();
    cache.set(t, byFacts);
  }
  byFacts.set(facts, prediction);
  return prediction;
}

// rules/inject-misplaced.ts
var inject_misplaced_default = createRule({
  name: "inject-misplaced",
  meta: {
    type: "problem",
    fixable: "code",
    docs: {
      description: "Injection labels and annotations where Istio never reads them",
      defaultLevel: "warn",
      precision: "high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      onWorkload: "{{ what }} {{ key }} is on the {{ kind }}'s own metadata, which Istio never reads: injection looks at the pod. Put it under {{ templatePath }}.metadata.labels.",
      injectionOnPod: '{{ key }} is a namespace label; on a {{ where }} it does nothing. Label the Namespace, or use {{ injectKey }}: "true"/"false" on the pod template.',
      injectOnNamespace: "{{ key }} on a Namespace does nothing: Istio reads it from pods. Use {{ nsKey }}=enabled (or disabled) on the Namespace.",
      annotationOptIn: 'The annotation {{ key }}: "true" cannot turn injection on: webhook selectors only see labels, and no injector webhook matches this pod ({{ why }}). Use the label {{ key }}: "true" instead (the annotation is deprecated).'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r7) {
        const md = asObject(r7.object.metadata) ?? {};
        const labels = asObject(md.labels) ?? {};
        const annotations2 = asObject(md.annotations) ?? {};
        if (r7.kind === "Namespace") {
          for (const [where, map] of [["labels", labels], ["annotations", annotations2]]) {
            if (INJECT_KEY in map) context.report({ target: { resource: r7, path: ["metadata", where, INJECT_KEY] }, messageId: "injectOnNamespace", data: { key: INJECT_KEY, nsKey: NS_INJECTION_LABEL } });
          }
          return;
        }
        const t = podTemplateOf(r7);
        if (NS_INJECTION_LABEL in labels && (t || r7.kind === "Pod")) {
          context.report({ target: { resource: r7, path: ["metadata", "labels", NS_INJECTION_LABEL] }, messageId: "injectionOnPod", data: { key: NS_INJECTION_LABEL, where: r7.kind, injectKey: INJECT_KEY } });
        }
        if (!t) return;
        if (t.path.length > 0 && NS_INJECTION_LABEL in t.labels) {
          context.report({ target: { resource: r7, path: templatePath(t, "metadata", "labels", NS_INJECTION_LABEL) }, messageId: "injectionOnPod", data: { key: NS_INJECTION_LABEL, where: "pod template", injectKey: INJECT_KEY } });
        }
        if (t.path.length === 0) return;
        for (const key of [INJECT_KEY, REV_LABEL]) {
          for (const [what, map] of [["Label", labels], ["Annotation", annotations2]]) {
            if (!(key in map) || key in t.labels || key in t.annotations) continue;
            if (key === REV_LABEL && what === "Label") continue;
            const value = labelString(map[key]) ?? "";
            const fix = what === "Label" && asObject(t.metadata.labels) ? [{ op: "remove", path: ["metadata", "labels", key] }, { op: "insert", path: templatePath(t, "metadata", "labels"), key, value }] : void 0;
            context.report({
              target: { resource: r7, path: ["metadata", what === "Label" ? "labels" : "annotations", key] },
              messageId: "onWorkload",
              data: { what, key, kind: r7.kind, templatePath: t.path.join(".") },
              ...fix ? { fix } : {}
            });
          }
        }
      },
      PodTemplate(t) {
        if (labelString(t.annotations[INJECT_KEY]) !== "true" || INJECT_KEY in t.labels) return;
        const p = predictForTemplate(t, context.facts);
        if (p.gate.matched.length > 0 || p.gate.maybe.length > 0) return;
        const ns2 = namespaceOf(t, context.facts);
        const related = namespaceLabelLocation(ns2, NS_INJECTION_LABEL, `namespace ${ns2?.name ?? ""}: no label that turns injection on`);
        context.report({
          target: { resource: t.resource, path: templatePath(t, "metadata", "annotations", INJECT_KEY) },
          messageId: "annotationOptIn",
          data: { key: INJECT_KEY, why: p.trace[0]?.text ?? "no webhook matches its labels" },
          ...related ? { related: [related] } : {}
        });
      }
    };
  }
});

// rules/inject-value-invalid.ts
var inject_value_invalid_default = createRule({
  name: "inject-value-invalid",
  meta: {
    type: "problem",
    fixable: "code",
    hasSuggestions: true,
    docs: {
      description: 'sidecar.istio.io/inject values other than exactly "true" or "false"',
      defaultLevel: "error",
      precision: "very-high",
      category: "injection",
      istioVersions: "all (the meaning of other values changed in 1.27)"
    },
    messages: {
      invalid: '{{ where }} {{ key }}: "{{ value }}" is neither "true" nor "false". On Istio {{ version }} {{ effect }}; {{ other }}. Write "true" or "false".',
      unquoted: '{{ where }} {{ key }} is unquoted, so YAML reads it as {{ type }} ({{ written }}) and the API server rejects the whole object ("cannot unmarshal {{ goType }} into \u2026 of type string"). Write "{{ meant }}".',
      empty: '{{ where }} {{ key }} has no value: Istio treats it as not set, so the namespace and the injector policy decide. Write "true" or "false", or remove it.',
      setTrue: 'Set it to "true" (inject).',
      setFalse: 'Set it to "false" (no sidecar).'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    const newer = atLeast(version, 1, 27);
    const check2 = (t, where, path, raw) => {
      const target = { resource: t.resource, path };
      const suggest = [
        { messageId: "setTrue", edits: [{ op: "set", path, value: "true" }] },
        { messageId: "setFalse", edits: [{ op: "set", path, value: "false" }] }
      ];
      if (typeof raw === "boolean" || typeof raw === "number") {
        const meant = String(raw);
        context.report({
          target,
          messageId: "unquoted",
          data: { where, key: INJECT_KEY, written: meant, type: typeof raw === "boolean" ? "a boolean" : "a number", goType: typeof raw === "boolean" ? "bool" : "number", meant },
          ...typeof raw === "boolean" ? { fix: [{ op: "set", path, value: meant }] } : { suggest }
        });
        return;
      }
      if (raw === null || raw === "") {
        context.report({ target, messageId: "empty", severity: "warn", data: { where, key: INJECT_KEY }, suggest });
        return;
      }
      if (typeof raw !== "string" || raw === "true" || raw === "false") return;
      const now = parseInjectValue(raw, version);
      const old = parseInjectValue(raw, { major: 1, minor: 26, patch: 0, text: "1.26" });
      const effect = now.kind === "default" ? "istiod logs a warning and ignores it: the namespace and the injector policy decide (in an injection-enabled namespace the pod IS injected)" : now.kind === "true" ? "it means true (inject)" : "it means false (no sidecar)";
      const other = newer ? `up to 1.26 it meant ${old.kind === "true" ? "true (inject)" : "false (no sidecar)"}: the meaning changed in 1.27` : "from 1.27 it is ignored and the namespace and the policy decide: the meaning changes on upgrade";
      const lower = raw.toLowerCase();
      const unambiguous = lower === "true" || lower === "false";
      context.report({
        target,
        messageId: "invalid",
        data: { where, key: INJECT_KEY, value: raw, version: version.text, effect, other },
        ...unambiguous ? { fix: [{ op: "set", path, value: lower }] } : { suggest }
      });
    };
    return {
      PodTemplate(t) {
        if (INJECT_KEY in t.labels) check2(t, "Label", templatePath(t, "metadata", "labels", INJECT_KEY), t.labels[INJECT_KEY]);
        if (INJECT_KEY in t.annotations) check2(t, "Annotation", templatePath(t, "metadata", "annotations", INJECT_KEY), t.annotations[INJECT_KEY]);
      }
    };
  }
});

// rules/injection-host-network.ts
var injection_host_network_default = createRule({
  name: "injection-host-network",
  meta: {
    type: "problem",
    docs: {
      description: "Workloads meant to have a sidecar that use hostNetwork, which Istio never injects",
      defaultLevel: "error",
      precision: "very-high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      hostNetwork: 'This pod is meant to get a sidecar ({{ why }}) but sets hostNetwork: true, and Istio never injects hostNetwork pods (injectRequired, pkg/kube/inject/inject.go): it will run without a sidecar. Drop hostNetwork, or label the pod template sidecar.istio.io/inject: "false" to say so.'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (t.spec.hostNetwork !== true || explicitlyOptedOut(t)) return;
        const signals = injectionIntent(t, context.facts);
        if (signals.length === 0) return;
        context.report({
          target: { resource: t.resource, path: templatePath(t, "spec", "hostNetwork") },
          messageId: "hostNetwork",
          data: { why: signals.map((s) => s.text).join("; ") },
          related: relatedOf(signals)
        });
      }
    };
  }
});

// rules/injection-ignored-namespace.ts
var injection_ignored_namespace_default = createRule({
  name: "injection-ignored-namespace",
  meta: {
    type: "problem",
    docs: {
      description: "Workloads meant to have a sidecar in a namespace Istio never injects (kube-system, kube-public, kube-node-lease, local-path-storage)",
      defaultLevel: "error",
      precision: "very-high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      ignored: 'This pod is meant to get a sidecar ({{ why }}) but runs in namespace {{ namespace }}, which istiod never injects ({{ list }}; pkg/kube/inject/initializer.go): it will run without a sidecar. Move it to another namespace, or label the pod template sidecar.istio.io/inject: "false".'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        const ns2 = t.resource.namespace;
        if (ns2 === void 0 || !IGNORED_NAMESPACES.includes(ns2) || explicitlyOptedOut(t)) return;
        const signals = injectionIntent(t, context.facts);
        if (signals.length === 0) return;
        context.report({
          target: { resource: t.resource, path: t.resource.declaredNamespace ? ["metadata", "namespace"] : ["metadata", "name"] },
          messageId: "ignored",
          data: { why: signals.map((s) => s.text).join("; "), namespace: ns2, list: IGNORED_NAMESPACES.join(", ") },
          related: relatedOf(signals)
        });
      }
    };
  }
});

// rules/injection-revision-missing.ts
function servedRevisions(webhooks) {
  const out = /* @__PURE__ */ new Set();
  for (const w of webhooks) {
    if (w.deactivated) continue;
    for (const s of [w.namespaceSelector, w.objectSelector]) {
      for (const r7 of s.requirements) if (r7.key === REV_LABEL && r7.operator === "In") r7.values.forEach((v2) => out.add(v2));
    }
  }
  return out;
}
var servesInjectionEnabled = (webhooks) => webhooks.some((w) => !w.deactivated && w.namespaceSelector.requirements.some((r7) => r7.key === NS_INJECTION_LABEL && r7.operator === "In" && r7.values.includes("enabled")));
var injection_revision_missing_default = createRule({
  name: "injection-revision-missing",
  meta: {
    type: "problem",
    docs: {
      description: "Namespaces and pods that select an Istio revision or tag no installed injector webhook serves",
      defaultLevel: "error",
      precision: "high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      missing: '{{ what }} selects revision "{{ revision }}" ({{ key }}={{ revision }}), but no injector webhook {{ where }} serves it (served: {{ served }}). Its pods start without a sidecar. Install that revision or tag (istioctl tag set {{ revision }} --revision \u2026), or select one that exists.',
      missingUnlessNamespace: 'The pod template selects revision "{{ revision }}" ({{ key }}={{ revision }}), but no injector webhook {{ where }} serves it (served: {{ served }}). Unless its namespace (not among the inputs) has istio-injection=enabled or an istio.io/rev that is served, it starts without a sidecar. Select a served revision, or define the Namespace so meshlint can tell.',
      noDefault: 'Namespace {{ namespace }} has {{ key }}=enabled, but no injector webhook {{ where }} serves it: there is no default revision and no "default" tag ({{ served }}). Its pods start without a sidecar. Run istioctl tag set default --revision \u2026, or label the namespace istio.io/rev=<revision>.'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const mesh = context.facts.mesh;
    const known = mesh.webhooksOrigin === "input" || mesh.webhooksOrigin === "config" && (mesh.settings.revisions !== void 0 || mesh.settings.revisionTags !== void 0);
    const served = servedRevisions(mesh.webhooks);
    const where = mesh.webhooksOrigin === "input" ? "among the inputs" : "in the config (istio.revisions, istio.revisionTags)";
    const servedText = served.size ? [...served].sort().join(", ") : "none";
    return {
      Namespace(ns2) {
        if (!known) return;
        const labels = asObject(asObject(ns2.object.metadata)?.labels) ?? {};
        const injection = labels[NS_INJECTION_LABEL];
        const rev = labels[REV_LABEL];
        if (injection === "enabled") {
          if (!servesInjectionEnabled(mesh.webhooks)) {
            context.report({ target: { resource: ns2, path: ["metadata", "labels", NS_INJECTION_LABEL] }, messageId: "noDefault", data: { namespace: ns2.name, key: NS_INJECTION_LABEL, where, served: `served revisions: ${servedText}` } });
          }
          return;
        }
        if (injection === void 0 && typeof rev === "string" && rev !== "" && !served.has(rev)) {
          context.report({ target: { resource: ns2, path: ["metadata", "labels", REV_LABEL] }, messageId: "missing", data: { what: `Namespace ${ns2.name}`, revision: rev, key: REV_LABEL, where, served: servedText } });
        }
      },
      PodTemplate(t) {
        if (!known) return;
        const rev = t.labels[REV_LABEL];
        if (typeof rev !== "string" || rev === "" || served.has(rev) || t.labels["sidecar.istio.io/inject"] === "false") return;
        if (t.labels.app === "istiod" || t.labels.istio === "pilot" || t.labels.istio === "ingressgateway" || t.labels.istio === "egressgateway") return;
        const ns2 = t.resource.namespace ? context.facts.namespaces.get(t.resource.namespace) : void 0;
        if (ns2 && (ns2.labels[NS_INJECTION_LABEL] !== void 0 || ns2.labels[REV_LABEL] !== void 0)) return;
        const target = { resource: t.resource, path: templatePath(t, "metadata", "labels", REV_LABEL) };
        if (ns2) context.report({ target, messageId: "missing", data: { what: "The pod template", revision: rev, key: REV_LABEL, where, served: servedText } });
        else context.report({ target, messageId: "missingUnlessNamespace", severity: "warn", data: { revision: rev, key: REV_LABEL, where, served: servedText } });
      }
    };
  }
});

// rules/injector-policy-invalid.ts
var injector_policy_invalid_default = createRule({
  name: "injector-policy-invalid",
  meta: {
    type: "problem",
    docs: {
      description: 'Injector ConfigMaps whose policy is not exactly "enabled" or "disabled", or whose config istiod cannot load',
      defaultLevel: "error",
      precision: "very-high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      policy: 'The injector policy is {{ value }}: only "enabled" and "disabled" work. With anything else istiod logs "Illegal value for autoInject" and injects no pod at all (pkg/kube/inject/inject.go). Set policy: enabled (or disabled).',
      config: 'istiod cannot load this injector config: {{ problem }}. It fails to start the sidecar injector ("error initializing sidecar injector", pkg/kube/inject/webhook.go).'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r7) {
        if (!isInjectorConfigMap(r7)) return;
        const c = injectorConfigOf(r7);
        if (c.configError) {
          context.report({ target: { resource: r7, path: ["data", "config"] }, messageId: "config", data: { problem: c.configError } });
          return;
        }
        if (c.policy === "enabled" || c.policy === "disabled") return;
        const value = c.policy === void 0 || c.policy === null ? "missing" : c.policy === "" ? "empty" : JSON.stringify(c.policy);
        context.report({ target: { resource: r7, path: ["data", "config"], within: /^[ \t]*policy:.*$/m }, messageId: "policy", data: { value } });
      }
    };
  }
});

// src/parse/yaml.ts
var import_yaml4 = __toESM(require_dist(), 1);

// node_modules/js-yaml/dist/js-yaml.mjs
var NOT_RESOLVED = /* @__PURE__ */ Symbol("NOT_RESOLVED");
function defineScalarTag(tagName, options) {
  return {
    tagName,
    nodeKind: "scalar",
    implicit: options.implicit ?? false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    implicitFirstChars: options.implicitFirstChars ?? null,
    resolve: options.resolve,
    identify: options.identify,
    represent: options.represent ?? ((data) => String(data)),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineSequenceTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "sequence",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addItem: options.addItem,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineMappingTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "mapping",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addPair: options.addPair,
    has: options.has,
    keys: options.keys,
    get: options.get,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
var strTag = defineScalarTag("tag:yaml.org,2002:str", {
  resolve: (source) => source,
  identify: (data) => typeof data === "string"
});
var NULL_VALUES$1 = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullCoreTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES$1.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var nullJsonTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: ["n"],
  resolve: (source, isExplicit) => {
    if (source === "null" || isExplicit && source === "") return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var NULL_VALUES = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullYaml11Tag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var TRUE_VALUES$2 = [
  "true",
  "True",
  "TRUE"
];
var FALSE_VALUES$2 = [
  "false",
  "False",
  "FALSE"
];
var boolCoreTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "t",
    "T",
    "f",
    "F"
  ],
  resolve: (source) => {
    if (TRUE_VALUES$2.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$2.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES$1 = ["true"];
var FALSE_VALUES$1 = ["false"];
var boolJsonTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: ["t", "f"],
  resolve: (source) => {
    if (TRUE_VALUES$1.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$1.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES = [
  "true",
  "True",
  "TRUE",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON"
];
var FALSE_VALUES = [
  "false",
  "False",
  "FALSE",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF"
];
var boolYaml11Tag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "y",
    "Y",
    "n",
    "N",
    "t",
    "T",
    "f",
    "F",
    "o",
    "O"
  ],
  resolve: (source) => {
    if (TRUE_VALUES.indexOf(source) !== -1) return true;
    if (FALSE_VALUES.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
var YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$2(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$2(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intCoreTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger$2,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
var YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$1(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$1(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlInteger$1,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
function parseYamlInteger(source) {
  let value = source.replace(/_/g, "");
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  if (value.includes(":")) {
    let result = 0;
    for (const part of value.split(":")) result = result * 60 + Number(part);
    return sign * result;
  }
  if (value !== "0" && value[0] === "0") return sign * parseInt(value, 8);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger(source) {
  if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intYaml11Tag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$2(source) {
  if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase();
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  const result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN$1.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$2(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatCoreTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat$2,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$2
});
var YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
var YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
    let value = source.toLowerCase();
    const sign = value[0] === "-" ? -1 : 1;
    if ("+-".includes(value[0])) value = value.slice(1);
    if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (value === ".nan") return NaN;
    const result2 = sign * parseFloat(value);
    return Number.isFinite(result2) ? result2 : NOT_RESOLVED;
  }
  if (!YAML_FLOAT_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = Number(source);
  if (Number.isFinite(result)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$1(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlFloat$1,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$1
});
var YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat(source) {
  if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase().replace(/_/g, "");
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  let result = 0;
  if (value.includes(":")) {
    for (const part of value.split(":")) result = result * 60 + Number(part);
    result *= sign;
  } else result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatYaml11Tag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat
});
var mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
  implicit: true,
  implicitFirstChars: ["<"],
  resolve: (source, isExplicit) => {
    if (source === "<<" || isExplicit && source === "") return "<<";
    return NOT_RESOLVED;
  },
  identify: () => false
});
var BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
function resolveYamlBinary(source) {
  const input2 = source.replace(/\s/g, "");
  if (input2.length % 4 !== 0 || !BASE64_PATTERN.test(input2)) return NOT_RESOLVED;
  const binary = atob(input2);
  const result = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) result[index] = binary.charCodeAt(index);
  return result;
}
function representYamlBinary(object) {
  let binary = "";
  for (let index = 0; index < object.length; index++) binary += String.fromCharCode(object[index]);
  return btoa(binary);
}
var binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
  resolve: resolveYamlBinary,
  identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
  represent: representYamlBinary
});
var YAML_DATE_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$");
var YAML_TIMESTAMP_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$");
function makeUtcDate(year, month, day, hour = 0, minute = 0, second = 0, fraction = 0) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
  date.setUTCFullYear(year, month, day);
  return date;
}
function resolveYamlTimestamp(source) {
  let match = YAML_DATE_REGEXP.exec(source);
  if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(source);
  if (match === null) return NOT_RESOLVED;
  const year = +match[1];
  const month = +match[2] - 1;
  const day = +match[3];
  if (!match[4]) {
    const date2 = makeUtcDate(year, month, day);
    if (date2.getUTCFullYear() !== year || date2.getUTCMonth() !== month || date2.getUTCDate() !== day) return NOT_RESOLVED;
    return date2;
  }
  const hour = +match[4];
  const minute = +match[5];
  const second = +match[6];
  let fraction = 0;
  if (hour > 23 || minute > 59 || second > 59) return NOT_RESOLVED;
  if (match[7]) {
    let value = match[7].slice(0, 3);
    while (value.length < 3) value += "0";
    fraction = +value;
  }
  const date = makeUtcDate(year, month, day, hour, minute, second, fraction);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
  if (match[9]) {
    const offsetHour = +match[10];
    const offsetMinute = +(match[11] || 0);
    if (offsetHour > 23 || offsetMinute > 59) return NOT_RESOLVED;
    const offset = (offsetHour * 60 + offsetMinute) * 6e4;
    date.setTime(date.getTime() - (match[9] === "-" ? -offset : offset));
  }
  return date;
}
var timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
  implicit: true,
  implicitFirstChars: [..."0123456789"],
  resolve: resolveYamlTimestamp,
  identify: (object) => object instanceof Date,
  represent: (object) => object.toISOString()
});
var seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
  create: () => [],
  addItem: (container, item) => {
    container.push(item);
  },
  identify: Array.isArray
});
function isPlainObject(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === null || prototype === Object.prototype;
}
var omapTag = defineSequenceTag("tag:yaml.org,2002:omap", {
  create: () => ({
    list: [],
    seen: /* @__PURE__ */ new Set()
  }),
  addItem: (carrier, item) => {
    let key;
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve an ordered map item";
      key = item.keys().next().value;
    } else if (isPlainObject(item)) {
      const itemKeys = Object.keys(item);
      if (itemKeys.length !== 1) return "cannot resolve an ordered map item";
      key = itemKeys[0];
    } else return "cannot resolve an ordered map item";
    if (carrier.seen.has(key)) return "duplicate key in ordered map";
    carrier.seen.add(key);
    carrier.list.push(item);
    return "";
  },
  finalize: (carrier) => carrier.list,
  identify: () => false
});
var pairsTag = defineSequenceTag("tag:yaml.org,2002:pairs", {
  create: () => [],
  addItem: (container, item) => {
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve a pairs item";
      container.push(item.entries().next().value);
      return "";
    }
    if (Object.prototype.toString.call(item) !== "[object Object]") return "cannot resolve a pairs item";
    const object = item;
    const keys = Object.keys(object);
    if (keys.length !== 1) return "cannot resolve a pairs item";
    container.push([keys[0], object[keys[0]]]);
    return "";
  },
  identify: () => false
});
var mapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    if (key !== null && typeof key === "object") return "object-based map does not support complex keys";
    const normalizedKey = String(key);
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    if (key !== null && typeof key === "object") return false;
    return Object.prototype.hasOwnProperty.call(container, String(key));
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var setTag = defineMappingTag("tag:yaml.org,2002:set", {
  create: () => /* @__PURE__ */ new Set(),
  identify: (data) => data instanceof Set,
  represent: (data) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of data) map.set(key, null);
    return map;
  },
  addPair: (container, key, value) => {
    if (value !== null) return "cannot resolve a set item";
    container.add(key);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: () => null
});
function createTagDefinitionMap() {
  return {
    scalar: /* @__PURE__ */ Object.create(null),
    sequence: /* @__PURE__ */ Object.create(null),
    mapping: /* @__PURE__ */ Object.create(null)
  };
}
function createTagDefinitionListMap() {
  return {
    scalar: [],
    sequence: [],
    mapping: []
  };
}
function compileTags(tags) {
  const result = [];
  for (const tag of tags) {
    let index = result.length;
    for (let previousIndex = 0; previousIndex < result.length; previousIndex++) {
      const previous = result[previousIndex];
      if (previous.nodeKind === tag.nodeKind && previous.tagName === tag.tagName && previous.matchByTagPrefix === tag.matchByTagPrefix) {
        index = previousIndex;
        break;
      }
    }
    result[index] = tag;
  }
  return result;
}
var Schema = class Schema2 {
  tags;
  /** @internal */
  implicitScalarTags;
  /**
  * Dispatch implicit scalar resolvers by `source.charAt(0)`. Each bucket holds
  * the resolvers that may match that key, in schema order; a key absent from
  * the map uses
  * {@link Schema.implicitScalarAnyFirstChar}
  * (resolvers that declared no first-char constraint, so they apply to any
  * first character).
  */
  implicitScalarByFirstChar;
  implicitScalarAnyFirstChar;
  /**
  * The default scalar tag (`!!str`), resolved once so the composer's fallback
  * for unresolved plain scalars avoids a keyed lookup per scalar.
  *
  * @internal
  */
  defaultScalarTag;
  /**
  * The default container tags (`!!seq` / `!!map`), used by the dumper: when a
  * value is identified by its default tag, the tag is implicit and not
  * printed. Undefined if the schema does not define them (then such values
  * can't be dumped).
  *
  * @internal
  */
  defaultSequenceTag;
  /** @internal */
  defaultMappingTag;
  exact;
  prefix;
  constructor(tags) {
    const compiledTags = compileTags(tags);
    const implicitScalarTags = [];
    const exact = createTagDefinitionMap();
    const prefix = createTagDefinitionListMap();
    for (const tag of compiledTags) {
      if (tag.nodeKind === "scalar" && tag.implicit) {
        if (tag.matchByTagPrefix) throw new Error("Implicit scalar tags cannot match by tag prefix");
        implicitScalarTags.push(tag);
      }
      switch (tag.nodeKind) {
        case "scalar":
          if (tag.matchByTagPrefix) prefix.scalar.push(tag);
          else exact.scalar[tag.tagName] = tag;
          break;
        case "sequence":
          if (tag.matchByTagPrefix) prefix.sequence.push(tag);
          else exact.sequence[tag.tagName] = tag;
          break;
        case "mapping":
          if (tag.matchByTagPrefix) prefix.mapping.push(tag);
          else exact.mapping[tag.tagName] = tag;
      }
    }
    const implicitScalarAnyFirstChar = implicitScalarTags.filter((tag) => tag.implicitFirstChars === null);
    const keys = /* @__PURE__ */ new Set();
    for (const tag of implicitScalarTags) if (tag.implicitFirstChars !== null) for (const key of tag.implicitFirstChars) keys.add(key);
    const implicitScalarByFirstChar = /* @__PURE__ */ new Map();
    for (const key of keys) implicitScalarByFirstChar.set(key, implicitScalarTags.filter((tag) => tag.implicitFirstChars === null || tag.implicitFirstChars.indexOf(key) !== -1));
    const defaultScalarTag = exact.scalar["tag:yaml.org,2002:str"];
    if (!defaultScalarTag) throw new Error("schema does not define the default scalar tag (tag:yaml.org,2002:str)");
    this.tags = compiledTags;
    this.implicitScalarTags = implicitScalarTags;
    this.implicitScalarByFirstChar = implicitScalarByFirstChar;
    this.implicitScalarAnyFirstChar = implicitScalarAnyFirstChar;
    this.defaultScalarTag = defaultScalarTag;
    this.defaultSequenceTag = exact.sequence["tag:yaml.org,2002:seq"];
    this.defaultMappingTag = exact.mapping["tag:yaml.org,2002:map"];
    this.exact = exact;
    this.prefix = prefix;
  }
  /** @internal */
  lookupScalarTag(tagName) {
    const exactTag = this.exact.scalar[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.scalar) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupSequenceTag(tagName) {
    const exactTag = this.exact.sequence[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.sequence) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupMappingTag(tagName) {
    const exactTag = this.exact.mapping[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.mapping) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  resolveImplicitScalarTag(source) {
    const candidates = this.implicitScalarByFirstChar.get(source.charAt(0)) ?? this.implicitScalarAnyFirstChar;
    for (const tag2 of candidates) {
      const value = tag2.resolve(source, false, tag2.tagName);
      if (value !== NOT_RESOLVED) return {
        value,
        tag: tag2
      };
    }
    const tag = this.defaultScalarTag;
    return {
      value: tag.resolve(source, false, tag.tagName),
      tag
    };
  }
  /**
  * Creates a new schema with the specified tags added. If a tag already
  * exists, it is replaced by the specified tag.
  *
  * @example
  *
  * ```javascript
  * import { CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
  *
  * const schema = CORE_SCHEMA.withTags(mergeTag, realMapTag)
  * ```
  */
  withTags(...tags) {
    let flatTags = [];
    for (const tag of tags) flatTags = flatTags.concat(tag);
    return new Schema2([...this.tags, ...flatTags]);
  }
};
var FAILSAFE_SCHEMA = new Schema([
  strTag,
  seqTag,
  mapTag
]);
var JSON_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullJsonTag,
  boolJsonTag,
  intJsonTag,
  floatJsonTag
]);
var CORE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullCoreTag,
  boolCoreTag,
  intCoreTag,
  floatCoreTag
]);
var YAML11_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullYaml11Tag,
  boolYaml11Tag,
  intYaml11Tag,
  floatYaml11Tag,
  timestampTag,
  mergeTag,
  binaryTag,
  omapTag,
  pairsTag,
  setTag
]);
var DUMP_SCHEMA = YAML11_SCHEMA.withTags({
  ...intYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = intYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? intCoreTag.resolve(source, isExplicit, tagName) : result;
  }
}, {
  ...floatYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = floatYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? floatCoreTag.resolve(source, isExplicit, tagName) : result;
  }
});
var realMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => /* @__PURE__ */ new Map(),
  addPair: (container, key, value) => {
    container.set(key, value);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: (container, key) => container.get(key),
  identify: (data) => data instanceof Map || isPlainObject(data),
  represent: (data) => {
    if (data instanceof Map) return data;
    const map = /* @__PURE__ */ new Map();
    const obj = data;
    for (const key of Object.keys(obj)) map.set(key, obj[key]);
    return map;
  }
});
function normalizeKey(key) {
  if (Array.isArray(key)) {
    const array = Array.prototype.slice.call(key);
    for (let index = 0; index < array.length; index++) {
      if (Array.isArray(array[index])) return null;
      if (typeof array[index] === "object" && Object.prototype.toString.call(array[index]) === "[object Object]") array[index] = "[object Object]";
    }
    return String(array);
  }
  if (typeof key === "object" && Object.prototype.toString.call(key) === "[object Object]") return "[object Object]";
  return String(key);
}
var legacyMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    const normalizedKey = normalizeKey(key);
    if (normalizedKey === null) return "nested arrays are not supported inside keys";
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    const normalizedKey = normalizeKey(key);
    return normalizedKey !== null && Object.prototype.hasOwnProperty.call(container, normalizedKey);
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var DEFAULT_SNIPPET_OPTIONS = {
  maxLength: 79,
  indent: 1,
  linesBefore: 3,
  linesAfter: 2
};
function getLine(buffer, lineStart2, lineEnd2, position, maxLineLength) {
  let head = "";
  let tail = "";
  const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
  if (position - lineStart2 > maxHalfLength) {
    head = " ... ";
    lineStart2 = position - maxHalfLength + head.length;
  }
  if (lineEnd2 - position > maxHalfLength) {
    tail = " ...";
    lineEnd2 = position + maxHalfLength - tail.length;
  }
  return {
    str: head + buffer.slice(lineStart2, lineEnd2).replace(/\t/g, "\u2192") + tail,
    pos: position - lineStart2 + head.length
  };
}
function padStart(string, max) {
  return " ".repeat(Math.max(max - string.length, 0)) + string;
}
function makeSnippet(mark, options) {
  if (!mark.buffer) return null;
  const opts = {
    ...DEFAULT_SNIPPET_OPTIONS,
    ...options
  };
  const re2 = /\r?\n|\r|\0/g;
  const lineStarts = [0];
  const lineEnds = [];
  let match;
  let foundLineNo = -1;
  while (match = re2.exec(mark.buffer)) {
    lineEnds.push(match.index);
    lineStarts.push(match.index + match[0].length);
    if (mark.position <= match.index && foundLineNo < 0) foundLineNo = lineStarts.length - 2;
  }
  if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
  let result = "";
  const lineNoLength = Math.min(mark.line + opts.linesAfter, lineEnds.length).toString().length;
  const maxLineLength = opts.maxLength - (opts.indent + lineNoLength + 3);
  for (let i = 1; i <= opts.linesBefore; i++) {
    if (foundLineNo - i < 0) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
    result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line2.str}
${result}`;
  }
  const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
  result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}
`;
  result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^
`;
  for (let i = 1; i <= opts.linesAfter; i++) {
    if (foundLineNo + i >= lineEnds.length) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
    result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line2.str}
`;
  }
  return result.replace(/\n$/, "");
}
function formatError(exception, compact) {
  let where = "";
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where += `in "${exception.mark.name}" `;
  where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  if (!compact && exception.mark.snippet) where += `

${exception.mark.snippet}`;
  return `${exception.reason} ${where}`;
}
var YAMLException = class YAMLException2 extends Error {
  reason;
  mark;
  /**
  * Optional `mark` contains source snippet data. Usually, use
  * {@link YAMLException.throwAt} instead of passing it directly.
  */
  constructor(reason, mark) {
    super();
    this.name = "YAMLException";
    this.reason = reason;
    this.mark = mark;
    this.message = formatError(this, false);
    if (Error.captureStackTrace) Error.captureStackTrace(this, this.constructor);
  }
  /**
  * Returns the formatted error, omitting the source snippet in compact mode.
  */
  toString(compact) {
    return `${this.name}: ${formatError(this, compact)}`;
  }
  /**
  * Builds a YAMLException with a source snippet and throws it. `source` is
  * the raw input text; `position` is an offset into it.
  */
  static throwAt(source, position, message, filename = "") {
    let line = 0;
    let lineStart2 = 0;
    for (let index = 0; index < position; index++) {
      const ch = source.charCodeAt(index);
      if (ch === 10) {
        line++;
        lineStart2 = index + 1;
      } else if (ch === 13) {
        line++;
        if (source.charCodeAt(index + 1) === 10) index++;
        lineStart2 = index + 1;
      }
    }
    const mark = {
      name: filename,
      buffer: source,
      position,
      line,
      column: position - lineStart2
    };
    mark.snippet = makeSnippet(mark);
    throw new YAMLException2(message, mark);
  }
};
var EVENT_ID = {
  DOCUMENT: 1,
  SEQUENCE: 2,
  MAPPING: 3,
  SCALAR: 4,
  ALIAS: 5,
  POP: 6
};
var SCALAR_STYLE = {
  PLAIN: 1,
  SINGLE_QUOTED: 2,
  DOUBLE_QUOTED: 3,
  LITERAL_BLOCK: 4,
  FOLDED_BLOCK: 5
};
var COLLECTION_STYLE = {
  BLOCK: 1,
  FLOW: 2
};
var CHOMPING_MODE = {
  CLIP: 1,
  STRIP: 2,
  KEEP: 3
};
var NO_RANGE$3 = -1;
function simpleEscapeSequence(c) {
  switch (c) {
    case 48:
      return "\0";
    case 97:
      return "\x07";
    case 98:
      return "\b";
    case 116:
      return "	";
    case 9:
      return "	";
    case 110:
      return "\n";
    case 118:
      return "\v";
    case 102:
      return "\f";
    case 114:
      return "\r";
    case 101:
      return "\x1B";
    case 32:
      return " ";
    case 34:
      return '"';
    case 47:
      return "/";
    case 92:
      return "\\";
    case 78:
      return "\x85";
    case 95:
      return "\xA0";
    case 76:
      return "\u2028";
    case 80:
      return "\u2029";
    default:
      return "";
  }
}
var simpleEscapeCheck = new Array(256);
var simpleEscapeMap = new Array(256);
for (let i = 0; i < 256; i++) {
  simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
  simpleEscapeMap[i] = simpleEscapeSequence(i);
}
function charFromCodepoint(c) {
  if (c <= 65535) return String.fromCharCode(c);
  return String.fromCharCode((c - 65536 >> 10) + 55296, (c - 65536 & 1023) + 56320);
}
function fromHexCode$1(c) {
  if (c >= 48 && c <= 57) return c - 48;
  return (c | 32) - 97 + 10;
}
function escapedHexLen$1(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  return 8;
}
function skipFoldedBreaks(input2, position, end) {
  let breaks = 0;
  while (position < end) {
    const ch = input2.charCodeAt(position);
    if (ch === 10) {
      breaks++;
      position++;
    } else if (ch === 13) {
      breaks++;
      position++;
      if (input2.charCodeAt(position) === 10) position++;
    } else if (ch === 32 || ch === 9) position++;
    else break;
  }
  return {
    position,
    breaks
  };
}
function foldedBreaks(count) {
  if (count === 1) return " ";
  return "\n".repeat(count - 1);
}
function getPlainValue(input2, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input2.charCodeAt(position);
    if (ch === 10 || ch === 13) {
      result += input2.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input2, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input2.slice(captureStart, captureEnd);
}
function getSingleQuotedValue(input2, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input2.charCodeAt(position);
    if (ch === 39) {
      result += input2.slice(captureStart, position) + "'";
      position += 2;
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input2.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input2, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input2.slice(captureStart, end);
}
function getDoubleQuotedValue(input2, start, end) {
  let result = "";
  let position = start;
  let captureStart = start;
  let captureEnd = start;
  while (position < end) {
    const ch = input2.charCodeAt(position);
    if (ch === 92) {
      result += input2.slice(captureStart, position);
      position++;
      const escaped = input2.charCodeAt(position);
      if (escaped === 10 || escaped === 13) position = skipFoldedBreaks(input2, position, end).position;
      else if (escaped < 256 && simpleEscapeCheck[escaped]) {
        result += simpleEscapeMap[escaped];
        position++;
      } else {
        let hexLength = escapedHexLen$1(escaped);
        let hexResult = 0;
        for (; hexLength > 0; hexLength--) {
          position++;
          const digit = fromHexCode$1(input2.charCodeAt(position));
          hexResult = (hexResult << 4) + digit;
        }
        result += charFromCodepoint(hexResult);
        position++;
      }
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input2.slice(captureStart, captureEnd);
      const fold = skipFoldedBreaks(input2, position, end);
      result += foldedBreaks(fold.breaks);
      position = captureStart = captureEnd = fold.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input2.slice(captureStart, end);
}
function getBlockValue(input2, start, end, indent, chomping, folded) {
  const textIndent = indent < 0 ? 0 : indent;
  const region = input2.slice(start, end).replace(/\r\n?/g, "\n");
  const lines = region === "" ? [] : (region.endsWith("\n") ? region.slice(0, -1) : region).split("\n");
  let result = "";
  let didReadContent = false;
  let emptyLines = 0;
  let atMoreIndented = false;
  for (const line of lines) {
    let column = 0;
    while (column < textIndent && line.charCodeAt(column) === 32) column++;
    if (indent < 0 || column >= line.length) {
      emptyLines++;
      continue;
    }
    const content = line.slice(textIndent);
    const first = content.charCodeAt(0);
    if (folded) {
      if (first === 32 || first === 9) {
        atMoreIndented = true;
        result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
      } else if (atMoreIndented) {
        atMoreIndented = false;
        result += "\n".repeat(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (didReadContent) result += " ";
      } else result += "\n".repeat(emptyLines);
    } else result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
    result += content;
    didReadContent = true;
    emptyLines = 0;
  }
  if (chomping === CHOMPING_MODE.KEEP) result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
  else if (chomping !== CHOMPING_MODE.STRIP) {
    if (didReadContent) result += "\n";
  }
  return result;
}
function getScalarValue(input2, scalar) {
  if (scalar.valueStart === NO_RANGE$3) return "";
  const { valueStart, valueEnd } = scalar;
  if (scalar.fast) return input2.slice(valueStart, valueEnd);
  switch (scalar.style) {
    case SCALAR_STYLE.SINGLE_QUOTED:
      return getSingleQuotedValue(input2, valueStart, valueEnd);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return getDoubleQuotedValue(input2, valueStart, valueEnd);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return getBlockValue(input2, valueStart, valueEnd, scalar.indent, scalar.chomping, false);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return getBlockValue(input2, valueStart, valueEnd, scalar.indent, scalar.chomping, true);
    default:
      return getPlainValue(input2, valueStart, valueEnd);
  }
}
var DEFAULT_TAG_HANDLERS = Object.assign(/* @__PURE__ */ Object.create(null), {
  "!": "!",
  "!!": "tag:yaml.org,2002:"
});
var TAG_SUFFIX_CHARS = "-#;/?:@&=+$_.~*'()";
var TAG_URI_CHARS = TAG_SUFFIX_CHARS + "!,[]";
var DEFAULT_CONSTRUCTOR_OPTIONS = {
  filename: "",
  schema: CORE_SCHEMA,
  json: false,
  maxTotalMergeKeys: 1e4,
  maxAliases: -1
};
var NO_RANGE$1 = -1;
var HAS_OWN = Object.prototype.hasOwnProperty;
var CONTEXT_FLOW_IN = 1;
var CONTEXT_FLOW_OUT = 2;
var CONTEXT_BLOCK_IN = 3;
var CONTEXT_BLOCK_OUT = 4;
var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
var PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
var PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
var NS_URI_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$,_.!~*'()\[\]])`;
var NS_TAG_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$.~*'()_])`;
var PATTERN_TAG_URI = new RegExp(`^(?:${NS_URI_CHAR})*$`);
var PATTERN_TAG_SUFFIX = new RegExp(`^(?:${NS_TAG_CHAR})+$`);
var PATTERN_TAG_PREFIX = new RegExp(`^(?:!(?:${NS_URI_CHAR})*|${NS_TAG_CHAR}(?:${NS_URI_CHAR})*)$`);
var DEFAULT_PARSER_OPTIONS = {
  filename: "",
  maxDepth: 100
};
function addDocumentEvent(state, explicitStart, explicitEnd) {
  state.events.push({
    type: EVENT_ID.DOCUMENT,
    explicitStart,
    explicitEnd,
    directives: state.directives
  });
}
function addSequenceEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.SEQUENCE,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function addMappingEvent(state, start, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.MAPPING,
    start,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function insertFlowPairMappingEvent(state, snapshot) {
  state.events.splice(snapshot.eventsLength, 0, {
    type: EVENT_ID.MAPPING,
    start: snapshot.position,
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1,
    style: COLLECTION_STYLE.FLOW
  });
}
function addScalarEvent(state, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
  state.events.push({
    type: EVENT_ID.SCALAR,
    valueStart,
    valueEnd,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style,
    chomping,
    indent,
    fast
  });
}
function addAliasEvent(state, anchorStart, anchorEnd) {
  state.events.push({
    type: EVENT_ID.ALIAS,
    anchorStart,
    anchorEnd
  });
}
function addPopEvent(state) {
  state.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state) {
  addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
  return {
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1
  };
}
function snapshotState(state) {
  return {
    position: state.position,
    line: state.line,
    lineStart: state.lineStart,
    lineIndent: state.lineIndent,
    firstTabInLine: state.firstTabInLine,
    eventsLength: state.events.length
  };
}
function restoreState(state, snapshot) {
  state.position = snapshot.position;
  state.line = snapshot.line;
  state.lineStart = snapshot.lineStart;
  state.lineIndent = snapshot.lineIndent;
  state.firstTabInLine = snapshot.firstTabInLine;
  state.events.length = snapshot.eventsLength;
}
function throwError(state, message) {
  YAMLException.throwAt(state.input.slice(0, state.length), state.position, message, state.filename);
}
function isEol(c) {
  return c === 10 || c === 13;
}
function isWhiteSpace(c) {
  return c === 9 || c === 32;
}
function isWsOrEol(c) {
  return isWhiteSpace(c) || isEol(c);
}
function isWsOrEolOrEnd(c) {
  return c === 0 || isWsOrEol(c);
}
function isFlowIndicator(c) {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function fromDecimalCode(c) {
  return c >= 48 && c <= 57 ? c - 48 : -1;
}
function fromHexCode(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const lc = c | 32;
  if (lc >= 97 && lc <= 102) return lc - 97 + 10;
  return -1;
}
function escapedHexLen(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  if (c === 85) return 8;
  return 0;
}
function isSimpleEscape(c) {
  return c === 48 || c === 97 || c === 98 || c === 116 || c === 9 || c === 110 || c === 118 || c === 102 || c === 114 || c === 101 || c === 32 || c === 34 || c === 47 || c === 92 || c === 78 || c === 95 || c === 76 || c === 80;
}
function consumeLineBreak(state) {
  if (state.input.charCodeAt(state.position) === 10) state.position++;
  else {
    state.position++;
    if (state.input.charCodeAt(state.position) === 10) state.position++;
  }
  state.line++;
  state.lineStart = state.position;
  state.lineIndent = 0;
  state.firstTabInLine = -1;
}
function skipSeparationSpace(state, allowComments) {
  let lineBreaks = 0;
  let ch = state.input.charCodeAt(state.position);
  let hasSeparation = state.position === state.lineStart || isWsOrEol(state.input.charCodeAt(state.position - 1));
  while (ch !== 0) {
    while (isWhiteSpace(ch)) {
      hasSeparation = true;
      if (ch === 9 && state.firstTabInLine === -1) state.firstTabInLine = state.position;
      ch = state.input.charCodeAt(++state.position);
    }
    if (allowComments && hasSeparation && ch === 35) do
      ch = state.input.charCodeAt(++state.position);
    while (!isEol(ch) && ch !== 0);
    if (!isEol(ch)) break;
    consumeLineBreak(state);
    lineBreaks++;
    hasSeparation = true;
    ch = state.input.charCodeAt(state.position);
    while (ch === 32) {
      state.lineIndent++;
      ch = state.input.charCodeAt(++state.position);
    }
  }
  return lineBreaks;
}
function testDocumentSeparator(state, position = state.position) {
  const ch = state.input.charCodeAt(position);
  if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(position + 1) && ch === state.input.charCodeAt(position + 2)) {
    const following = state.input.charCodeAt(position + 3);
    return following === 0 || isWsOrEol(following);
  }
  return false;
}
function skipByteOrderMark(state) {
  if (state.position === state.lineStart && state.input.charCodeAt(state.position) === 65279) {
    state.position++;
    state.lineStart = state.position;
  }
}
function testDocumentBoundary(state) {
  if (state.position !== state.lineStart) return false;
  if (testDocumentSeparator(state)) return true;
  if (state.input.charCodeAt(state.position) !== 65279) return false;
  const snapshot = snapshotState(state);
  skipByteOrderMark(state);
  skipSeparationSpace(state, true);
  const ch = state.input.charCodeAt(state.position);
  const result = state.position === state.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state));
  restoreState(state, snapshot);
  return result;
}
function skipUntilLineEnd(state) {
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0 && !isEol(ch)) ch = state.input.charCodeAt(++state.position);
}
function checkPrintable(state, start, end) {
  const match = PATTERN_NON_PRINTABLE.exec(state.input.slice(start, end));
  if (match !== null) {
    state.position = start + match.index + match[0].length - 1;
    throwError(state, "the stream contains non-printable characters");
  }
}
function readTagProperty(state, props, inFlow) {
  if (state.input.charCodeAt(state.position) !== 33) return false;
  if (props.tagStart !== NO_RANGE$1) throwError(state, "duplication of a tag property");
  const start = state.position;
  let isVerbatim = false;
  let isNamed = false;
  let tagHandle = "!";
  let ch = state.input.charCodeAt(++state.position);
  if (ch === 60) {
    isVerbatim = true;
    ch = state.input.charCodeAt(++state.position);
  } else if (ch === 33) {
    isNamed = true;
    tagHandle = "!!";
    ch = state.input.charCodeAt(++state.position);
  }
  let suffixStart = state.position;
  let tagName;
  if (isVerbatim) {
    while (ch !== 0 && ch !== 62) ch = state.input.charCodeAt(++state.position);
    if (ch !== 62) throwError(state, "unexpected end of the stream within a verbatim tag");
    tagName = state.input.slice(suffixStart, state.position);
    state.position++;
  } else {
    while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
      if (ch === 33) {
        if (!isNamed) {
          tagHandle = state.input.slice(suffixStart - 1, state.position + 1);
          if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state, "named tag handle cannot contain such characters");
          isNamed = true;
          suffixStart = state.position + 1;
        } else throwError(state, "tag suffix cannot contain exclamation marks");
      }
      ch = state.input.charCodeAt(++state.position);
    }
    tagName = state.input.slice(suffixStart, state.position);
    if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state, "tag suffix cannot contain flow indicator characters");
  }
  if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state, `tag name cannot contain such characters: ${tagName}`);
  if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state.tagHandlers, tagHandle)) throwError(state, `undeclared tag handle "${tagHandle}"`);
  props.tagStart = start;
  props.tagEnd = state.position;
  return true;
}
function readAnchorProperty(state, props) {
  if (state.input.charCodeAt(state.position) !== 38) return false;
  if (props.anchorStart !== NO_RANGE$1) throwError(state, "duplication of an anchor property");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an anchor node must contain at least one character");
  props.anchorStart = start;
  props.anchorEnd = state.position;
  return true;
}
function readAlias(state, props) {
  if (state.input.charCodeAt(state.position) !== 42) return false;
  if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state, "alias node should not have any properties");
  state.position++;
  const start = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start) throwError(state, "name of an alias node must contain at least one character");
  addAliasEvent(state, start, state.position);
  return true;
}
function readFlowScalarBreak(state, nodeIndent) {
  skipSeparationSpace(state, false);
  if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readSingleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 39) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 39) {
      if (state.input.charCodeAt(state.position + 1) === 39) {
        simple = false;
        state.position += 2;
        continue;
      }
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a single quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 34) return false;
  state.position++;
  const start = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 34) {
      const end = state.position;
      state.position++;
      addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (ch === 92) {
      simple = false;
      const escaped = state.input.charCodeAt(++state.position);
      if (isEol(escaped)) readFlowScalarBreak(state, nodeIndent);
      else if (isSimpleEscape(escaped)) state.position++;
      else {
        let hexLength = escapedHexLen(escaped);
        if (hexLength === 0) throwError(state, "unknown escape sequence");
        while (hexLength-- > 0) {
          state.position++;
          if (fromHexCode(state.input.charCodeAt(state.position)) < 0) throwError(state, "expected hexadecimal character");
        }
        state.position++;
      }
    } else if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a double quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state, parentIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  let chomping = CHOMPING_MODE.CLIP;
  let indent = -1;
  let detectedIndent = false;
  if (ch !== 124 && ch !== 62) return false;
  const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    const current = state.input.charCodeAt(state.position);
    const digit = fromDecimalCode(current);
    if (current === 43 || current === 45) {
      if (chomping !== CHOMPING_MODE.CLIP) throwError(state, "repeat of a chomping mode identifier");
      chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
      state.position++;
    } else if (digit >= 0) {
      if (digit === 0) throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
      if (detectedIndent) throwError(state, "repeat of an indentation width identifier");
      indent = parentIndent + digit - 1;
      detectedIndent = true;
      state.position++;
    } else break;
  }
  let hadWhitespace = false;
  while (isWhiteSpace(state.input.charCodeAt(state.position))) {
    hadWhitespace = true;
    state.position++;
  }
  if (hadWhitespace && state.input.charCodeAt(state.position) === 35) skipUntilLineEnd(state);
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  else if (state.input.charCodeAt(state.position) !== 0) throwError(state, "a line break is expected");
  let contentIndent = detectedIndent ? indent : -1;
  let maxLeadingIndent = 0;
  const valueStart = state.position;
  let valueEnd = state.position;
  while (state.input.charCodeAt(state.position) !== 0) {
    const linePosition = state.position;
    let column = 0;
    while (state.input.charCodeAt(linePosition + column) === 32) column++;
    const first = state.input.charCodeAt(linePosition + column);
    if (first === 0) {
      if (contentIndent >= 0) {
        if (column > contentIndent) valueEnd = linePosition + column;
      } else if (column > 0) valueEnd = linePosition + column;
      break;
    }
    if (testDocumentBoundary(state)) break;
    if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
    if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
      if (first === 9 && column < parentIndent) {
        state.position = linePosition + column;
        throwError(state, "tab characters must not be used in indentation");
      }
      if (column >= parentIndent && column < maxLeadingIndent) {
        state.position = linePosition + column;
        throwError(state, "bad indentation of a mapping entry");
      }
    }
    if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
    const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
    if (first !== 0 && !isEol(first) && column < requiredIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    skipUntilLineEnd(state);
    valueEnd = state.position;
    if (isEol(state.input.charCodeAt(state.position))) {
      consumeLineBreak(state);
      valueEnd = state.position;
    }
  }
  checkPrintable(state, valueStart, valueEnd);
  addScalarEvent(state, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
  return true;
}
function canStartPlainScalar(state, nodeContext) {
  const ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
  if (ch === 63 || ch === 45) {
    const following = state.input.charCodeAt(state.position + 1);
    if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
  }
  return true;
}
function readPlainScalar(state, nodeIndent, nodeContext, props) {
  if (!canStartPlainScalar(state, nodeContext)) return false;
  const start = state.position;
  let end = state.position;
  let ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  let multiline = false;
  while (ch !== 0) {
    if (testDocumentBoundary(state)) break;
    if (ch === 58) {
      const following = state.input.charCodeAt(state.position + 1);
      if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
    } else if (ch === 35) {
      if (isWsOrEol(state.input.charCodeAt(state.position - 1))) break;
    } else if (inFlow && isFlowIndicator(ch)) break;
    else if (isEol(ch)) {
      const savedPosition = state.position;
      const savedLine = state.line;
      const savedLineStart = state.lineStart;
      const savedLineIndent = state.lineIndent;
      skipSeparationSpace(state, false);
      if (state.lineIndent >= nodeIndent) {
        multiline = true;
        ch = state.input.charCodeAt(state.position);
        continue;
      }
      state.position = savedPosition;
      state.line = savedLine;
      state.lineStart = savedLineStart;
      state.lineIndent = savedLineIndent;
      break;
    }
    if (!isWhiteSpace(ch)) end = state.position + 1;
    ch = state.input.charCodeAt(++state.position);
  }
  if (end === start) return false;
  checkPrintable(state, start, end);
  addScalarEvent(state, start, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
  return true;
}
function skipFlowSeparationSpace(state, nodeIndent) {
  const startLine = state.line;
  skipSeparationSpace(state, true);
  if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readFlowCollection(state, nodeIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  const isMapping2 = ch === 123;
  const start = state.position;
  let readNext = true;
  if (ch !== 91 && ch !== 123) return false;
  const terminator = isMapping2 ? 125 : 93;
  if (isMapping2) addMappingEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  else addSequenceEvent(state, start, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    skipFlowSeparationSpace(state, nodeIndent);
    let ch2 = state.input.charCodeAt(state.position);
    if (ch2 === terminator) {
      state.position++;
      addPopEvent(state);
      return true;
    } else if (!readNext) throwError(state, "missed comma between flow collection entries");
    else if (ch2 === 44) throwError(state, "expected the node content, but found ','");
    let isPair4 = false;
    let isExplicitPair = false;
    if (ch2 === 63 && isWsOrEol(state.input.charCodeAt(state.position + 1))) {
      isPair4 = isExplicitPair = true;
      state.position += 1;
      skipFlowSeparationSpace(state, nodeIndent);
    }
    const entryLine = state.line;
    const entryStart = snapshotState(state);
    const keyWasRead = parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
    skipFlowSeparationSpace(state, nodeIndent);
    ch2 = state.input.charCodeAt(state.position);
    if ((isMapping2 || isExplicitPair || state.line === entryLine) && ch2 === 58) {
      isPair4 = true;
      state.position++;
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping2) {
        insertFlowPairMappingEvent(state, entryStart);
        if (!keyWasRead) addEmptyScalarEvent(state);
      } else if (!keyWasRead) addEmptyScalarEvent(state);
      if (!parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state);
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping2) addPopEvent(state);
    } else if (isMapping2 && isPair4) {
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
    } else if (isMapping2) addEmptyScalarEvent(state);
    else if (isPair4) {
      insertFlowPairMappingEvent(state, entryStart);
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
      addPopEvent(state);
    }
    ch2 = state.input.charCodeAt(state.position);
    if (ch2 === 44) {
      readNext = true;
      state.position++;
    } else readNext = false;
  }
  throwError(state, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state, nodeIndent, props) {
  if (state.firstTabInLine !== -1 || state.input.charCodeAt(state.position) !== 45 || !isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) return false;
  addSequenceEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
  while (state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) {
    if (state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const entryLine = state.line;
    state.position++;
    const hadBreak = skipSeparationSpace(state, true) > 0;
    if (state.firstTabInLine !== -1 && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
    if (hadBreak && state.lineIndent <= nodeIndent) addEmptyScalarEvent(state);
    else parseNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
    skipSeparationSpace(state, true);
    if (state.lineIndent < nodeIndent || state.position >= state.length) break;
    if (state.lineIndent > nodeIndent) throwError(state, "bad indentation of a sequence entry");
    if (state.line === entryLine && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
  }
  addPopEvent(state);
  return true;
}
function readBlockMapping(state, nodeIndent, flowIndent, props) {
  let atExplicitKey = false;
  let detected = false;
  let mappingOpened = false;
  let pendingExplicitKey = false;
  if (state.firstTabInLine !== -1) return false;
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0) {
    if (!atExplicitKey && state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const following = state.input.charCodeAt(state.position + 1);
    const entryLine = state.line;
    if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
      if (!mappingOpened) {
        addMappingEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
        mappingOpened = true;
      }
      if (ch === 63) {
        if (atExplicitKey) addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = true;
      } else if (atExplicitKey) atExplicitKey = false;
      else {
        addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = false;
      }
      state.position += 1;
      pendingExplicitKey = true;
    } else {
      if (atExplicitKey) {
        addEmptyScalarEvent(state);
        atExplicitKey = false;
      }
      const beforeKey = snapshotState(state);
      if (!parseNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
      if (state.line === entryLine) {
        ch = state.input.charCodeAt(state.position);
        while (isWhiteSpace(ch)) ch = state.input.charCodeAt(++state.position);
        if (ch === 58) {
          ch = state.input.charCodeAt(++state.position);
          if (!isWsOrEolOrEnd(ch)) throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
          if (!mappingOpened) {
            state.events.splice(beforeKey.eventsLength, 0, {
              type: EVENT_ID.MAPPING,
              start: beforeKey.position,
              anchorStart: props.anchorStart,
              anchorEnd: props.anchorEnd,
              tagStart: props.tagStart,
              tagEnd: props.tagEnd,
              style: COLLECTION_STYLE.BLOCK
            });
            mappingOpened = true;
          }
          detected = true;
          atExplicitKey = false;
          pendingExplicitKey = false;
        } else if (detected) throwError(state, "expected ':' after a mapping key");
        else {
          if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
            restoreState(state, beforeKey);
            return false;
          }
          return true;
        }
      } else if (detected) throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
      else {
        if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
          restoreState(state, beforeKey);
          return false;
        }
        return true;
      }
    }
    if (parseNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
    if (!atExplicitKey) {
      if (pendingExplicitKey) {
        addEmptyScalarEvent(state);
        pendingExplicitKey = false;
      }
    }
    skipSeparationSpace(state, true);
    ch = state.input.charCodeAt(state.position);
    if ((state.line === entryLine || state.lineIndent > nodeIndent) && ch !== 0) throwError(state, "bad indentation of a mapping entry");
    else if (state.lineIndent < nodeIndent) break;
  }
  if (!detected) return false;
  if (atExplicitKey) addEmptyScalarEvent(state);
  if (mappingOpened) addPopEvent(state);
  return true;
}
function parseNode(state, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
  if (state.depth >= state.maxDepth) throwError(state, `nesting exceeded maxDepth (${state.maxDepth})`);
  state.depth++;
  let indentStatus = 1;
  let atNewLine = false;
  let hasContent = false;
  let propertyStart = null;
  const props = emptyProperties();
  let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
  let allowBlockCollections = allowBlockScalars;
  const allowBlockStyles = allowBlockScalars;
  if (allowToSeek && skipSeparationSpace(state, true)) {
    atNewLine = true;
    if (state.lineIndent > parentIndent) indentStatus = 1;
    else if (state.lineIndent === parentIndent) indentStatus = 0;
    else indentStatus = -1;
  }
  if (indentStatus === 1) while (true) {
    const ch = state.input.charCodeAt(state.position);
    const propertyState = snapshotState(state);
    if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
    if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
      const fallbackState = snapshotState(state);
      const flowIndent = parentIndent + 1;
      if (readBlockMapping(state, state.position - state.lineStart, flowIndent, props) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
        state.depth--;
        return true;
      }
      restoreState(state, fallbackState);
    }
    if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
    if (!readTagProperty(state, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state, props)) break;
    if (propertyStart === null) propertyStart = propertyState;
    if (skipSeparationSpace(state, true)) {
      atNewLine = true;
      allowBlockCollections = allowBlockStyles;
      if (state.lineIndent > parentIndent) indentStatus = 1;
      else if (state.lineIndent === parentIndent) indentStatus = 0;
      else indentStatus = -1;
    } else allowBlockCollections = false;
  }
  if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
  if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = state.position - state.lineStart;
    if (indentStatus === 1) {
      if (allowBlockCollections && (readBlockSequence(state, blockIndent, props) || readBlockMapping(state, blockIndent, flowIndent, props)) || readFlowCollection(state, flowIndent, props)) hasContent = true;
      else {
        const ch = state.input.charCodeAt(state.position);
        if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
          const fallbackState = snapshotState(state);
          const propertyIndent = propertyStart.position - propertyStart.lineStart;
          restoreState(state, propertyStart);
          if (readBlockMapping(state, propertyIndent, flowIndent, emptyProperties()) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
          else restoreState(state, fallbackState);
        }
        if (!hasContent && (allowBlockScalars && readBlockScalar(state, flowIndent, props) || readSingleQuotedScalar(state, flowIndent, props) || readDoubleQuotedScalar(state, flowIndent, props) || readAlias(state, props) || readPlainScalar(state, flowIndent, nodeContext, props))) hasContent = true;
      }
    } else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state, blockIndent, props);
  }
  allowBlockScalars = allowBlockScalars && !hasContent;
  if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
    addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
    hasContent = true;
  }
  state.depth--;
  return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state) {
  if (state.lineIndent > 0 || state.input.charCodeAt(state.position) !== 37) return false;
  state.position++;
  const nameStart = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
  const name = state.input.slice(nameStart, state.position);
  const args = [];
  if (name.length === 0) throwError(state, "directive name must not be less than one character in length");
  while (state.input.charCodeAt(state.position) !== 0 && !isEol(state.input.charCodeAt(state.position))) {
    while (isWhiteSpace(state.input.charCodeAt(state.position))) state.position++;
    if (state.input.charCodeAt(state.position) === 35 || isEol(state.input.charCodeAt(state.position)) || state.input.charCodeAt(state.position) === 0) break;
    const start = state.position;
    while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
    args.push(state.input.slice(start, state.position));
  }
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  if (name === "YAML") {
    if (state.directives.some((directive) => directive.kind === "yaml")) throwError(state, "duplication of %YAML directive");
    if (args.length !== 1) throwError(state, "YAML directive accepts exactly one argument");
    const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
    if (match === null) throwError(state, "ill-formed argument of the YAML directive");
    if (parseInt(match[1], 10) !== 1) throwError(state, "unacceptable YAML version of the document");
    state.directives.push({
      kind: "yaml",
      version: args[0]
    });
  } else if (name === "TAG") {
    if (args.length !== 2) throwError(state, "TAG directive accepts exactly two arguments");
    const [handle, prefix] = args;
    if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
    if (HAS_OWN.call(state.tagHandlers, handle)) throwError(state, `there is a previously declared suffix for "${handle}" tag handle`);
    if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
    state.tagHandlers[handle] = prefix;
    state.directives.push({
      kind: "tag",
      handle,
      prefix
    });
  }
  return true;
}
function readDocument(state) {
  state.directives = [];
  state.tagHandlers = /* @__PURE__ */ Object.create(null);
  let hasDirectives = false;
  skipSeparationSpace(state, true);
  while (readDirective(state)) {
    hasDirectives = true;
    skipSeparationSpace(state, true);
  }
  let explicitStart = false;
  let explicitEnd = false;
  let allowCompact = true;
  if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 3))) {
    explicitStart = true;
    const markerLine = state.line;
    state.position += 3;
    skipSeparationSpace(state, true);
    allowCompact = state.line > markerLine;
  } else if (hasDirectives) throwError(state, "directives end mark is expected");
  const documentEventIndex = state.events.length;
  if (!explicitStart && state.position === state.lineStart && state.input.charCodeAt(state.position) === 46 && testDocumentSeparator(state)) {
    state.position += 3;
    skipSeparationSpace(state, true);
    return;
  }
  addDocumentEvent(state, explicitStart, false);
  if (!parseNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state);
  skipSeparationSpace(state, true);
  if (state.position === state.lineStart && testDocumentSeparator(state)) {
    explicitEnd = state.input.charCodeAt(state.position) === 46;
    if (explicitEnd) {
      const markerLine = state.line;
      state.position += 3;
      skipSeparationSpace(state, true);
      if (state.line === markerLine && state.position < state.length) throwError(state, "end of the stream or a document separator is expected");
    }
  }
  const documentEvent = state.events[documentEventIndex];
  if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
  addPopEvent(state);
  if (!explicitEnd && state.position < state.length && !testDocumentBoundary(state)) throwError(state, "end of the stream or a document separator is expected");
}
function parseEvents(input2, options) {
  const length = input2.length;
  const state = {
    ...DEFAULT_PARSER_OPTIONS,
    ...options,
    input: `${input2}\0`,
    length,
    position: 0,
    line: 0,
    lineStart: 0,
    lineIndent: 0,
    firstTabInLine: -1,
    depth: 0,
    directives: [],
    tagHandlers: /* @__PURE__ */ Object.create(null),
    events: []
  };
  const nullpos = input2.indexOf("\0");
  if (nullpos !== -1) YAMLException.throwAt(input2, nullpos, "null byte is not allowed in input", state.filename);
  while (state.position < state.length) {
    skipByteOrderMark(state);
    skipSeparationSpace(state, true);
    if (state.position >= state.length) break;
    const documentStart = state.position;
    readDocument(state);
    if (state.position === documentStart)
      throwError(state, "can not read a document");
  }
  return state.events;
}
var DEFAULT_LOAD_OPTIONS = {
  ...DEFAULT_PARSER_OPTIONS,
  ...DEFAULT_CONSTRUCTOR_OPTIONS
};
function hasBit(mask, bit) {
  return (mask & 1 << bit) !== 0;
}
var DEFAULT_SCALAR_STYLE_RULES = {
  applyQuoteFlowKeysOption,
  doubleQuoteForInvisibles,
  doubleQuoteWhitespaceOnly,
  applyForceQuotesOption,
  tryLongOrMultilineAsBlock,
  quoteInvalidPlain,
  fallbackToDoubleQuoted
};
function _preferredQuotedStyle(layout) {
  if (layout.presenterOptions.quoteStyle === "single" && hasBit(layout.allowedStylesMask, SCALAR_STYLE.SINGLE_QUOTED)) return SCALAR_STYLE.SINGLE_QUOTED;
  return SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyQuoteFlowKeysOption(layout) {
  if (!layout.presenterOptions.quoteFlowKeys) return;
  if (!layout.isKey || !layout.flowOnly || layout.style !== SCALAR_STYLE.PLAIN) return;
  layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteForInvisibles(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /[\t\x7F-\xA0\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteWhitespaceOnly(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /^\s+$/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyForceQuotesOption(layout) {
  if (!layout.presenterOptions.forceQuotes) return;
  if (layout.isKey || layout.style !== SCALAR_STYLE.PLAIN) return;
  if (layout.node.tag !== layout.presenterOptions.schema.defaultScalarTag.tagName) return;
  layout.style = layout.node.value.includes("\n") ? SCALAR_STYLE.DOUBLE_QUOTED : _preferredQuotedStyle(layout);
}
function tryLongOrMultilineAsBlock(layout) {
  if (layout.style !== SCALAR_STYLE.PLAIN || layout.isKey) return;
  const value = layout.node.value;
  const multiline = value.indexOf("\n") !== -1;
  if (!hasBit(layout.allowedStylesMask, SCALAR_STYLE.LITERAL_BLOCK)) {
    if (multiline) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
    return;
  }
  const w = layout.presenterOptions.lineWidth;
  if (w === -1) {
    if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
    return;
  }
  const availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
  let position = 0;
  let shouldFold = false;
  while (position <= value.length) {
    let lineEnd2 = value.length;
    const nextLineBreak = value.indexOf("\n", position);
    if (nextLineBreak !== -1) lineEnd2 = nextLineBreak;
    const line = value.slice(position, lineEnd2);
    if (line.length > availableWidth && line[0] !== " " && / [^ \t]/.test(line)) shouldFold = true;
    if (nextLineBreak === -1) break;
    position = nextLineBreak + 1;
  }
  if (shouldFold) layout.style = SCALAR_STYLE.FOLDED_BLOCK;
  else if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
}
function quoteInvalidPlain(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && !hasBit(layout.allowedStylesMask, SCALAR_STYLE.PLAIN)) layout.style = _preferredQuotedStyle(layout);
}
function fallbackToDoubleQuoted(layout) {
  if (!hasBit(layout.allowedStylesMask, layout.style)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
var SRC_C_PRINTABLE = "[\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";
var SRC_B_CHAR = "[\\n\\r]";
var SRC_C_BYTE_ORDER_MARK = "\\uFEFF";
var SRC_S_WHITE = "[ \\t]";
var SRC_NB_CHAR = `(?:(?!(?:${SRC_B_CHAR}|${SRC_C_BYTE_ORDER_MARK}))${SRC_C_PRINTABLE})`;
var SRC_NS_CHAR = `(?:(?!${SRC_S_WHITE})${SRC_NB_CHAR})`;
var SRC_NB_JSON = "[\\x09\\x20-\\uD7FF\\uE000-\\uFFFF\\u{10000}-\\u{10FFFF}]";
var SRC_C_INDICATOR = "[-?:,\\[\\]{}#&*!|>'\"%@`]";
var SRC_C_FLOW_INDICATOR = "[,\\[\\]{}]";
var SRC_NS_PLAIN_SAFE_FLOW_OUT = SRC_NS_CHAR;
var SRC_NS_PLAIN_SAFE_FLOW_IN = `(?:(?!${SRC_C_FLOW_INDICATOR})${SRC_NS_CHAR})`;
var SRC_NS_PLAIN_FIRST_FLOW_OUT = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))`;
var SRC_NS_PLAIN_FIRST_FLOW_IN = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))`;
var SRC_NS_PLAIN_CHAR_FLOW_OUT = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_OUT})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))#*`;
var SRC_NS_PLAIN_CHAR_FLOW_IN = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_IN})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))#*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_OUT})*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_IN})*`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_OUT = `${SRC_NS_PLAIN_FIRST_FLOW_OUT}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_IN = `${SRC_NS_PLAIN_FIRST_FLOW_IN}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_OUT;
var SRC_NS_PLAIN_ONE_LINE_FLOW_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_IN;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_OUT}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_IN}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT = `${SRC_NS_PLAIN_ONE_LINE_FLOW_OUT}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT})*`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_IN = `${SRC_NS_PLAIN_ONE_LINE_FLOW_IN}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN})*`;
var NS_PLAIN_FLOW_OUT = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT})$`, "u");
var NS_PLAIN_FLOW_IN = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_IN})$`, "u");
var NS_PLAIN_BLOCK_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY})$`, "u");
var NS_PLAIN_FLOW_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_FLOW_KEY})$`, "u");
var NB_SINGLE_ONE_LINE = new RegExp(`^(?:${SRC_NB_JSON})*$`, "u");
var NB_SINGLE_MULTI_LINE = new RegExp(`^(?:${SRC_NB_JSON}|\\n)*$`, "u");
var BLOCK_SCALAR_CONTENT = new RegExp(`^(?:${SRC_NB_CHAR}|\\n)*$`, "u");
var DEFAULT_PRESENTER_OPTIONS = {
  indent: 2,
  seqNoIndent: false,
  seqInlineFirst: true,
  lineWidth: 80,
  flowBracketPadding: false,
  flowSkipCommaSpace: false,
  flowSkipColonSpace: false,
  quoteFlowKeys: false,
  quoteStyle: "single",
  forceQuotes: false,
  scalarStyleRules: Object.keys(DEFAULT_SCALAR_STYLE_RULES).map((name) => Reflect.get(DEFAULT_SCALAR_STYLE_RULES, name)),
  tagBeforeAnchor: false
};
var DEFAULT_DUMP_OPTIONS = {
  ...DEFAULT_PRESENTER_OPTIONS,
  schema: DUMP_SCHEMA,
  skipInvalid: false,
  noRefs: false,
  flowLevel: -1,
  sortKeys: false,
  transform: () => {
  }
};
var EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
var EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
var EVENT_MAPPING = EVENT_ID.MAPPING;
var EVENT_SCALAR = EVENT_ID.SCALAR;
var EVENT_ALIAS = EVENT_ID.ALIAS;
var EVENT_POP = EVENT_ID.POP;
var SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
var SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
var SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
var SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
var SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
var COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
var COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
var CHOMPING_CLIP = CHOMPING_MODE.CLIP;
var CHOMPING_STRIP = CHOMPING_MODE.STRIP;
var CHOMPING_KEEP = CHOMPING_MODE.KEEP;

// src/parse/events.ts
var import_yaml2 = __toESM(require_dist(), 1);

// src/parse/yaml-options.ts
var goYamlV2Tags = (tags) => tags.filter((t) => {
  const tag = t.tag;
  const format = t.format;
  return tag !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
});
var YAML_OPTIONS = {
  version: "1.1",
  uniqueKeys: false,
  customTags: goYamlV2Tags,
  prettyErrors: false,
  strict: false
};

// src/parse/events.ts
var MAX_DEPTH = 1e3;
var MAX_ALIAS_EXPANSION = 2e5;
var FALLBACK = { kind: "fallback" };
var DOCUMENT = 1;
var SEQUENCE = 2;
var MAPPING = 3;
var SCALAR = 4;
var ALIAS = 5;
var POP = 6;
var PLAIN = 1;
var plainTags;
var PLAIN_TAGS = () => plainTags ??= new import_yaml2.Document(null, YAML_OPTIONS).schema.tags.filter((t) => t.default === true && t.test instanceof RegExp);
var RESOLVE_OPTIONS = { intAsBigInt: false };
var MAYBE_TYPED = new Uint8Array(128);
for (const c of "0123456789+-.~YyNnTtFfOo") MAYBE_TYPED[c.charCodeAt(0)] = 1;
var TAB_INDENT = /^[ ]*\t/m;
var LONE_CR = /\r(?!\n)/;
var DOCUMENT_START = /^---(?:[ \t\r\n]|$)/m;
var METADATA_ONLY_KINDS = /* @__PURE__ */ new Set(["CustomResourceDefinition"]);
var KEPT_KEYS = /* @__PURE__ */ new Set(["apiVersion", "kind", "metadata"]);
var TOP_LEVEL_KIND = /^kind:[ \t]*["']?([A-Za-z0-9]+)["']?[ \t]*(?:#.*)?\r?$/m;
var GHOST = /* @__PURE__ */ Symbol("not built");
var Unsupported = class extends Error {
};
var AliasBudget = class extends Error {
};
function resolvePlain(s) {
  if (s.length === 0) return null;
  const c = s.charCodeAt(0);
  if (c < 128 && MAYBE_TYPED[c] === 0) return s;
  for (const tag of PLAIN_TAGS()) {
    if (tag.test?.test(s)) {
      let failed = false;
      const resolved = tag.resolve(s, () => failed = true, RESOLVE_OPTIONS);
      const v2 = (0, import_yaml2.isScalar)(resolved) ? resolved.value : resolved;
      if (failed || typeof v2 === "object" && v2 !== null) throw new Unsupported();
      return v2;
    }
  }
  return s;
}
function defineKey(obj, key, value) {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
function parseFast(text, base) {
  if (!eventsFit(text)) return FALLBACK;
  let events;
  try {
    events = parseEvents(text, { maxDepth: MAX_DEPTH });
  } catch (e) {
    const reason = e.reason;
    if (typeof reason === "string" && reason.startsWith("nesting exceeded maxDepth")) {
      return { kind: "too-deep", offset: base + (e.mark?.position ?? 0) };
    }
    return FALLBACK;
  }
  try {
    return construct(text, events, base);
  } catch (e) {
    if (e instanceof Unsupported || e instanceof AliasBudget) return FALLBACK;
    throw e;
  }
}
function eventsFit(text) {
  if (text.includes("	") && TAB_INDENT.test(text)) return false;
  if (text.includes("\r") && LONE_CR.test(text)) return false;
  return !text.includes("\uFEFF");
}
function documentEvents(text) {
  if (!eventsFit(text)) return void 0;
  let events;
  try {
    events = parseEvents(text, { maxDepth: MAX_DEPTH });
  } catch {
    return void 0;
  }
  if (!startsPlainDocument(text, events)) return void 0;
  if (events.findIndex((e, i) => i > 0 && e.type === DOCUMENT) !== -1) return void 0;
  return events;
}
function startsPlainDocument(text, events) {
  const first = events[0];
  return first !== void 0 && first.type === DOCUMENT && first.directives.length === 0 && !(first.explicitStart && !DOCUMENT_START.test(text));
}
function skipNode(events, i) {
  const t = events[i]?.type;
  if (t !== MAPPING && t !== SEQUENCE) return i + 1;
  let depth = 0;
  for (let j2 = i; j2 < events.length; j2++) {
    const e = events[j2];
    if (e.type === MAPPING || e.type === SEQUENCE) depth++;
    else if (e.type === POP && --depth === 0) return j2 + 1;
  }
  return events.length;
}
function keyText(text, e) {
  const raw = e.valueStart < 0 ? "" : e.fast ? text.slice(e.valueStart, e.valueEnd) : getScalarValue(text, e);
  if (e.style !== PLAIN || e.tagStart >= 0) return raw;
  const v2 = resolvePlain(raw);
  return typeof v2 === "string" ? v2 : v2 === null || v2 === void 0 ? "null" : String(v2);
}
var scalarRange = (e) => e.style === 2 || e.style === 3 ? [e.valueStart - 1, e.valueEnd + 1] : [e.valueStart, e.valueEnd];
function keyRange(text, events, path) {
  if (path.length === 0) return void 0;
  let i = 1;
  let key;
  for (const step of path) {
    const node = events[i];
    if (!node) return void 0;
    if (node.type === MAPPING && node.tagStart < 0 && node.anchorStart < 0) {
      let j2 = i + 1;
      let found;
      while (j2 < events.length && events[j2].type !== POP) {
        const k2 = events[j2];
        if (k2.type !== SCALAR || k2.anchorStart >= 0 || k2.tagStart >= 0) return void 0;
        if (keyText(text, k2) === String(step)) {
          found = j2;
          key = k2;
        }
        j2 = skipNode(events, j2 + 1);
      }
      if (found === void 0) return void 0;
      i = found + 1;
    } else if (node.type === SEQUENCE && typeof step === "number" && node.tagStart < 0 && node.anchorStart < 0) {
      let j2 = i + 1;
      for (let n = 0; n < step; n++) {
        if (events[j2]?.type === POP || j2 >= events.length) return void 0;
        j2 = skipNode(events, j2);
      }
      if (events[j2]?.type === POP || j2 >= events.length) return void 0;
      i = j2;
      key = void 0;
    } else return void 0;
  }
  const value = events[i];
  if (!key || key.valueStart < 0 || !value) return void 0;
  const [k0, k1] = scalarRange(key);
  if (value.type === SCALAR) {
    if (value.valueStart < 0 || value.anchorStart >= 0 || value.tagStart >= 0 || value.style > 3) return void 0;
    const [, v1] = scalarRange(value);
    if (text.slice(k0, v1).includes("\n")) return void 0;
    return [k0, v1];
  }
  if ((value.type === MAPPING || value.type === SEQUENCE) && value.style === 1 && value.anchorStart < 0 && value.tagStart < 0) return [k0, k1];
  return void 0;
}
function construct(text, events, base) {
  if (!startsPlainDocument(text, events)) return FALLBACK;
  const stack = [];
  const kind = TOP_LEVEL_KIND.exec(text)?.[1];
  const metadataOnly = kind !== void 0 && METADATA_ONLY_KINDS.has(kind);
  const anchors = /* @__PURE__ */ new Map();
  const dups = [];
  let aliasNodes = 0;
  let root2 = null;
  let rootSet = false;
  let contentStart = -1;
  let depth = 0;
  const noteStart = (...offsets) => {
    if (contentStart !== -1) return;
    for (const o of offsets) if (o >= 0 && (contentStart === -1 || o < contentStart)) contentStart = o;
  };
  const anchorOf = (e) => e.anchorStart >= 0 ? text.slice(e.anchorStart, e.anchorEnd) : void 0;
  const ghostAt = (top) => top !== void 0 && (top.ghost || metadataOnly && stack.length === 1 && top.kind === MAPPING && top.key !== void 0 && !KEPT_KEYS.has(top.key));
  const add = (value, size, keyInfo, isCollection2) => {
    const top = stack[stack.length - 1];
    if (!top) {
      root2 = value;
      rootSet = true;
      return;
    }
    if (top.kind === SEQUENCE) {
      if (!top.ghost) top.arr.push(value);
      top.size += size;
      return;
    }
    if (top.key === void 0) {
      if (isCollection2 || !keyInfo) throw new Unsupported();
      if (keyInfo.valueStart < 0) throw new Unsupported();
      const quoted = keyInfo.style !== PLAIN;
      top.isMerge = !quoted && keyInfo.valueStart >= 0 && text.slice(keyInfo.valueStart, keyInfo.valueEnd) === "<<";
      top.key = typeof value === "string" ? value : value === null || value === void 0 ? "null" : String(value);
      const start = keyInfo.valueStart >= 0 ? keyInfo.valueStart - (quoted ? 1 : 0) : 0;
      top.keyStart = base + start;
      top.keyEnd = base + (keyInfo.valueEnd >= 0 ? keyInfo.valueEnd + (quoted ? 1 : 0) : start);
      return;
    }
    const key = top.key;
    top.key = void 0;
    top.size += size;
    if (value === GHOST || top.ghost) {
      top.seen ??= /* @__PURE__ */ new Map();
      if (top.isMerge || top.seen.has(key)) throw new Unsupported();
      top.seen.set(key, { offset: top.keyStart, endOffset: top.keyEnd, value: GHOST });
      return;
    }
    if (top.isMerge) {
      (top.merges ??= []).push(value);
      return;
    }
    const here = { offset: top.keyStart, endOffset: top.keyEnd, value };
    top.seen ??= /* @__PURE__ */ new Map();
    const before = top.seen.get(key);
    if (before) dups.push({ mapPath: pathOf(stack), key, first: before, last: here });
    top.seen.set(key, here);
    defineKey(top.obj, key, value);
  };
  const countAlias = (size) => {
    aliasNodes += size;
    if (aliasNodes > MAX_ALIAS_EXPANSION) throw new AliasBudget();
  };
  for (let i = 1; i < events.length; i++) {
    const e = events[i];
    switch (e.type) {
      case SCALAR: {
        if (depth === 0 && rootSet) return FALLBACK;
        noteStart(e.anchorStart, e.tagStart, e.valueStart);
        const parent = stack[stack.length - 1];
        if (ghostAt(parent) && !(parent?.kind === MAPPING && parent.key === void 0)) {
          if (e.tagStart >= 0 && text.slice(e.tagStart, e.tagEnd) !== "!!str") throw new Unsupported();
          const anchor2 = anchorOf(e);
          if (anchor2 !== void 0) anchors.set(anchor2, { value: GHOST, size: 1 });
          add(GHOST, 1, e, false);
          break;
        }
        let value;
        const raw = e.valueStart < 0 ? "" : e.fast ? text.slice(e.valueStart, e.valueEnd) : getScalarValue(text, e);
        if (e.tagStart >= 0) {
          if (text.slice(e.tagStart, e.tagEnd) !== "!!str") throw new Unsupported();
          value = raw;
        } else value = e.style === PLAIN ? resolvePlain(raw) : raw;
        const anchor = anchorOf(e);
        if (anchor !== void 0) anchors.set(anchor, { value, size: 1 });
        add(value, 1, e, false);
        break;
      }
      case ALIAS: {
        noteStart(e.anchorStart - 1);
        const target = anchors.get(text.slice(e.anchorStart, e.anchorEnd));
        if (!target) throw new Unsupported();
        countAlias(target.size);
        const top = stack[stack.length - 1];
        if (top && top.kind === MAPPING && top.key === void 0) throw new Unsupported();
        if (target.value === GHOST && !ghostAt(top)) throw new Unsupported();
        add(target.value, 1 + target.size, void 0, false);
        break;
      }
      case MAPPING:
      case SEQUENCE: {
        noteStart(e.anchorStart, e.tagStart, e.start);
        if (e.tagStart >= 0) throw new Unsupported();
        const top = stack[stack.length - 1];
        if (top && top.kind === MAPPING && top.key === void 0) throw new Unsupported();
        const anchor = anchorOf(e);
        const ghost = ghostAt(top);
        stack.push(
          e.type === MAPPING ? { kind: MAPPING, ghost, obj: {}, anchor, seen: void 0, merges: void 0, key: void 0, keyStart: 0, keyEnd: 0, isMerge: false, size: 1 } : { kind: SEQUENCE, ghost, arr: [], anchor, size: 1 }
        );
        depth++;
        break;
      }
      case POP: {
        const frame = stack.pop();
        if (!frame) {
          if (i !== events.length - 1) return FALLBACK;
          break;
        }
        depth--;
        let value;
        if (frame.kind === MAPPING && frame.key !== void 0) throw new Unsupported();
        if (frame.ghost) value = GHOST;
        else if (frame.kind === MAPPING) {
          if (frame.merges) applyMerges(frame.obj, frame.merges);
          value = frame.obj;
        } else value = frame.arr;
        if (frame.anchor !== void 0) anchors.set(frame.anchor, { value, size: frame.size });
        add(value, frame.size, void 0, true);
        break;
      }
      default:
        return FALLBACK;
    }
  }
  if (metadataOnly && !METADATA_ONLY_KINDS.has(String(root2?.kind))) return FALLBACK;
  return { kind: "value", value: root2, duplicateKeys: dups, contentStart: contentStart === -1 ? text.length : contentStart };
}
function pathOf(stack) {
  const path = [];
  for (let i = 0; i < stack.length - 1; i++) {
    const f = stack[i];
    path.push(f.kind === MAPPING ? f.key ?? "" : f.arr.length);
  }
  return path;
}
function applyMerges(out, merges) {
  for (const m of merges) {
    for (const src of Array.isArray(m) ? m : [m]) {
      if (src && typeof src === "object" && !Array.isArray(src)) {
        for (const [k2, val] of Object.entries(src)) if (!Object.hasOwn(out, k2)) defineKey(out, k2, val);
      }
    }
  }
}

// src/parse/lenient.ts
var import_yaml3 = __toESM(require_dist(), 1);

// src/parse/quotes.ts
function findClosingQuote(line, open, quote2) {
  for (let j2 = open + 1; j2 < line.length; j2++) {
    const c = line[j2];
    if (quote2 === '"' && c === "\\") {
      j2++;
      continue;
    }
    if (c === quote2) {
      if (quote2 === "'" && line[j2 + 1] === "'") {
        j2++;
        continue;
      }
      return j2;
    }
  }
  return -1;
}
function opensAfter(prev) {
  return prev === "" || ":-[{,?".includes(prev);
}
function quoteOpensScalar(line, at2) {
  let i = at2 - 1;
  while (i >= 0 && /\s/.test(line[i] ?? "")) i--;
  return opensAfter(i < 0 ? "" : line[i] ?? "");
}

// src/parse/lenient.ts
function repairQuotedContinuations(text) {
  const insertions = [];
  let out = "";
  let pos = 0;
  let open;
  while (pos <= text.length) {
    const nl = text.indexOf("\n", pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end);
    const indent = line.length - line.trimStart().length;
    const keyColumn = indent + (/^(?:-\s+)*/.exec(line.slice(indent))?.[0].length ?? 0);
    let scanFrom = 0;
    if (open) {
      if (line.trim() !== "" && indent <= open.indent) {
        const count = open.indent + 1 - indent;
        insertions.push({ at: pos, count });
        out += " ".repeat(count);
      }
      const close = findClosingQuote(line, -1, open.quote);
      if (close === -1) {
        out += line + (nl === -1 ? "" : "\n");
        pos = end + 1;
        if (nl === -1) break;
        continue;
      }
      open = void 0;
      scanFrom = close + 1;
    }
    open = unclosedQuote(line, scanFrom, keyColumn);
    out += line + (nl === -1 ? "" : "\n");
    if (nl === -1) break;
    pos = end + 1;
  }
  return insertions.length ? { text: out, insertions } : void 0;
}
function unclosedQuote(line, from, indent) {
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === "#" && (i === 0 || line[i - 1] === " ")) return void 0;
    if (c !== '"' && c !== "'") continue;
    if (!quoteOpensScalar(line, i)) continue;
    const close = findClosingQuote(line, i, c);
    if (close === -1) return { quote: c, indent };
    i = close;
  }
  return void 0;
}
function toOriginal(offset, insertions) {
  let shift = 0;
  for (const ins of insertions) {
    if (ins.at + shift >= offset) break;
    shift += ins.count;
  }
  return offset - shift;
}
function remap(doc, insertions) {
  const done = /* @__PURE__ */ new Set();
  const fix = (n) => {
    if ((0, import_yaml3.isNode)(n) && n.range && !done.has(n.range)) {
      done.add(n.range);
      const r8 = n.range;
      for (let i = 0; i < r8.length; i++) r8[i] = toOriginal(r8[i] ?? 0, insertions);
    }
  };
  fix(doc.contents);
  (0, import_yaml3.visit)(doc, { Node: (_2, node) => fix(node) });
  const r7 = doc.range;
  for (let i = 0; i < r7.length; i++) r7[i] = toOriginal(r7[i] ?? 0, insertions);
}
function parseLenient(text) {
  const doc = (0, import_yaml3.parseDocument)(text, YAML_OPTIONS);
  if (doc.errors.length === 0) return doc;
  const repaired = repairQuotedContinuations(text);
  if (!repaired) return doc;
  const again = (0, import_yaml3.parseDocument)(repaired.text, YAML_OPTIONS);
  if (again.errors.length > 0) return doc;
  remap(again, repaired.insertions);
  return again;
}

// src/parse/yaml.ts
var HELM_SOURCE = /^#\s*Source:\s*(\S[^\r\n]*?)\s*$/m;
var AliasBudgetExceeded = class extends Error {
};
function toPlain(node, path, st2, doc) {
  if (st2.inAlias > 0 && ++st2.aliasNodes > MAX_ALIAS_EXPANSION) throw new AliasBudgetExceeded();
  if (node == null) return null;
  if ((0, import_yaml4.isScalar)(node)) return node.value ?? null;
  if ((0, import_yaml4.isAlias)(node)) {
    let target = st2.targets.get(node);
    if (!st2.targets.has(node)) {
      target = node.resolve(doc);
      st2.targets.set(node, target);
    }
    if (!target) return null;
    st2.inAlias++;
    try {
      return toPlain(target, path, st2, doc);
    } finally {
      st2.inAlias--;
    }
  }
  if ((0, import_yaml4.isSeq)(node)) {
    const out = [];
    node.items.forEach((item, i) => {
      path.push(i);
      out.push(toPlain(item, path, st2, doc));
      path.pop();
    });
    return out;
  }
  if ((0, import_yaml4.isMap)(node)) {
    const out = {};
    const seen = /* @__PURE__ */ new Map();
    const merges = [];
    for (const pair of node.items) {
      if (!(0, import_yaml4.isPair)(pair)) continue;
      const keyNode = pair.key;
      if ((0, import_yaml4.isScalar)(keyNode) && keyNode.type === "PLAIN" && (keyNode.value === "<<" || typeof keyNode.value === "symbol")) {
        merges.push(pair.value);
        continue;
      }
      const key = keyString(keyNode, path, st2, doc);
      path.push(key);
      const value = toPlain(pair.value, path, st2, doc);
      path.pop();
      const kr = keyNode?.range;
      const here = { offset: st2.base + (kr?.[0] ?? 0), endOffset: st2.base + (kr?.[1] ?? 0), value };
      const before = seen.get(key);
      if (before && st2.inAlias === 0) {
        st2.dups.push({ mapPath: [...path], key, first: before, last: here });
      }
      seen.set(key, here);
      defineKey(out, key, value);
    }
    for (const m of merges) {
      const sources = (0, import_yaml4.isSeq)(m) ? m.items : [m];
      for (const src of sources) {
        const v2 = toPlain(src, path, st2, doc);
        if (v2 && typeof v2 === "object" && !Array.isArray(v2)) {
          for (const [k2, val] of Object.entries(v2)) if (!Object.hasOwn(out, k2)) defineKey(out, k2, val);
        }
      }
    }
    return out;
  }
  return null;
}
function keyString(keyNode, path, st2, doc) {
  if (keyNode == null) return "";
  if ((0, import_yaml4.isScalar)(keyNode)) {
    const v3 = keyNode.value;
    if (typeof v3 === "string") return v3;
    if (v3 === null || v3 === void 0) return "null";
    return String(v3);
  }
  const v2 = toPlain(keyNode, path, st2, doc);
  return typeof v2 === "string" ? v2 : JSON.stringify(v2);
}
function* parseStream(file, slice) {
  const base = slice?.start ?? 0;
  const text = slice ? file.text.slice(slice.start, slice.end) : file.text;
  const composer = new import_yaml4.Composer(YAML_OPTIONS);
  const parser = new import_yaml4.Parser();
  const starts = [];
  let index = 0;
  const emit = (docs) => {
    const out = [];
    for (const doc of docs) {
      const start = index === 0 ? 0 : starts[index] ?? doc.range[0];
      const next = starts[index + 1];
      const end = next ?? Math.max(doc.range[2], start, text.length);
      const n = (slice?.firstIndex ?? 0) + index;
      const retry = doc.errors.length > 0 ? parseLenient(text.slice(start, end)) : void 0;
      if (retry && retry.errors.length === 0) out.push(convertDocument(file, retry, n, base + start, 0, end - start));
      else out.push(convertDocument(file, doc, n, base, start, end));
      index++;
    }
    return out;
  };
  for (const token of parser.parse(text)) {
    if (token.type === "document") starts.push(token.offset);
    yield* emit(composer.next(token));
  }
  yield* emit(composer.end(false, text.length));
}
function convertDocument(file, doc, index, base, start, end) {
  const startOffset = base + start;
  const endOffset = base + end;
  const clamp = (o) => Math.min(base + o, file.text.length);
  if (doc.errors.some((e) => e.code === "RESOURCE_EXHAUSTION")) return tooDeepDocument(file, index, startOffset, endOffset);
  const syntaxErrors = doc.errors.slice(0, 1).map((e) => ({
    message: cleanMessage(e.message),
    offset: clamp(e.pos[0]),
    endOffset: clamp(Math.max(e.pos[1], e.pos[0]))
  }));
  const contentStart = base + (doc.contents?.range?.[0] ?? end);
  const header = file.text.slice(startOffset, Math.min(contentStart, endOffset));
  const helmSource = HELM_SOURCE.exec(header)?.[1];
  let value;
  const dups = [];
  if (syntaxErrors.length === 0) {
    try {
      value = toPlain(doc.contents, [], { dups, base, aliasNodes: 0, inAlias: 0, targets: /* @__PURE__ */ new Map() }, doc);
    } catch (e) {
      if (!(e instanceof AliasBudgetExceeded)) throw e;
      const at2 = contentStart;
      syntaxErrors.push({
        message: `alias expansion exceeds ${MAX_ALIAS_EXPANSION} nodes (an "alias bomb"); the document is not linted`,
        offset: at2,
        endOffset: at2
      });
      value = void 0;
    }
  }
  return { file, index, startOffset, endOffset, value, syntaxErrors, duplicateKeys: dups, helmSource };
}
function splitJsonStream(text) {
  let i = 0;
  const n = text.length;
  const skipWs = () => {
    while (i < n && /\s/.test(text[i] ?? "")) i++;
  };
  skipWs();
  if (text[i] !== "{") return void 0;
  const out = [];
  while (i < n) {
    const start = i;
    if (text[i] !== "{" && text[i] !== "[") return void 0;
    let depth = 0;
    for (; i < n; i++) {
      const c = text[i];
      if (c === '"') {
        for (i++; i < n && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      } else if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      }
    }
    if (depth !== 0) return void 0;
    out.push({ start, end: i, firstIndex: out.length });
    skipWs();
  }
  return out.length > 1 ? out : void 0;
}
function* parseFile(file) {
  let index = 0;
  for (const group of groupsOf(file.text)) {
    const docs = parseGroup(file, { ...group, firstIndex: index });
    index += docs.length;
    yield* docs;
  }
}
function groupsOf(text) {
  return (text.trimStart().startsWith("{") ? splitJsonStream(text) : void 0) ?? documentGroups(text);
}
var CONTENTLESS = /^(?:[ \t]*(?:#.*|%.*)?(?:\r?\n|$))*$/;
function documentGroups(text) {
  const out = [];
  let start;
  for (const s of splitDocuments(text)) {
    start ??= s.start;
    if (CONTENTLESS.test(text.slice(s.start, s.end))) continue;
    out.push({ start, end: s.end, firstIndex: out.length });
    start = void 0;
  }
  const last = out[out.length - 1];
  if (start !== void 0) {
    if (last) out[out.length - 1] = { ...last, end: text.length };
    else out.push({ start, end: text.length, firstIndex: 0 });
  }
  return out;
}
function parseGroup(file, group) {
  const text = file.text.slice(group.start, group.end);
  const fast = parseFast(text, group.start);
  const doc = (value, contentStart, syntaxErrors, duplicateKeys) => ({
    file,
    index: group.firstIndex,
    startOffset: group.start,
    endOffset: group.end,
    value,
    syntaxErrors,
    duplicateKeys,
    // An empty document has no header: its comments are the whole of it (as on the `yaml` path).
    helmSource: contentStart < text.length ? HELM_SOURCE.exec(text.slice(0, contentStart))?.[1] : void 0
  });
  if (fast.kind === "value") return [doc(forRules(fast.value), fast.contentStart, [], fast.duplicateKeys)];
  if (fast.kind === "too-deep") return [tooDeepDocument(file, group.firstIndex, group.start, group.end, fast.offset)];
  if (flowDepthExceeds(text, MAX_DEPTH)) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
  try {
    return [...parseStream(file, group)].map((d) => d.value === void 0 ? d : { ...d, value: forRules(d.value) });
  } catch (e) {
    if (e instanceof RangeError) return [tooDeepDocument(file, group.firstIndex, group.start, group.end)];
    throw e;
  }
}
function forRules(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const v2 = value;
  if (typeof v2.kind !== "string" || !METADATA_ONLY_KINDS.has(v2.kind)) return value;
  const kept = {};
  for (const key of KEPT_KEYS) if (Object.hasOwn(v2, key)) kept[key] = v2[key];
  return kept;
}
function tooDeepDocument(file, index, startOffset, endOffset, at2 = startOffset) {
  const problem = { message: `nesting deeper than ${MAX_DEPTH} levels; the document is not linted`, offset: at2, endOffset: at2 };
  return { file, index, startOffset, endOffset, value: void 0, syntaxErrors: [problem], duplicateKeys: [], helmSource: void 0 };
}
function flowDepthExceeds(text, limit) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
    else if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    }
  }
  return false;
}
function wholeFile(file) {
  return { file, index: 0, startOffset: 0, endOffset: file.text.length, value: void 0, syntaxErrors: [], duplicateKeys: [], helmSource: void 0 };
}
function splitDocuments(text) {
  const bounds = [0];
  const re2 = /^---(?=[ \t\r\n]|$)/gm;
  for (let m = re2.exec(text); m; m = re2.exec(text)) if (m.index > 0) bounds.push(m.index);
  bounds.push(text.length);
  const out = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i] ?? 0;
    const end = bounds[i + 1] ?? text.length;
    if (end > start) out.push({ start, end, firstIndex: out.length });
  }
  return out;
}
function cleanMessage(message) {
  const first = message.split("\n")[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, "").trim();
}

// rules/parse-error.ts
var parse_error_default = createRule({
  name: "parse-error",
  meta: {
    type: "problem",
    docs: {
      description: "YAML syntax errors, files that are not UTF-8 text, and charts or overlays that fail to render",
      defaultLevel: "error",
      precision: "very-high",
      category: "diagnostic",
      istioVersions: "all"
    },
    messages: {
      syntax: "YAML syntax error: {{ message }}. kubectl rejects this document; the other documents of the file are still linted.",
      unreadable: "{{ reason }}.",
      render: "{{ command }} failed: {{ message }}. Nothing from this {{ what }} was linted; the other inputs were."
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      // A file that cannot be read is reported by the engine itself, at error whatever this
      // rule's level: turning the rule off must not let such a file pass (messageId `unreadable`).
      File({ file }) {
        const failure = file.origin?.failure;
        if (failure !== void 0) {
          const helm = file.origin?.tool === "helm";
          context.report({
            target: { doc: wholeFile(file), offset: 0, endOffset: 0 },
            messageId: "render",
            data: { command: helm ? "helm template" : "kustomize build", message: failure.replace(/\.$/, ""), what: helm ? "chart" : "overlay" }
          });
        }
      },
      Document({ doc }) {
        for (const e of doc.syntaxErrors) {
          context.report({ target: { doc, offset: e.offset, endOffset: e.endOffset }, messageId: "syntax", data: { message: e.message.replace(/\.$/, "") } });
        }
      }
    };
  }
});

// src/parse/locator.ts
var import_yaml6 = __toESM(require_dist(), 1);

// src/parse/lines.ts
function lineIndexAt(starts, offset) {
  let lo = 0;
  let hi2 = starts.length - 1;
  while (lo < hi2) {
    const mid = lo + hi2 + 1 >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi2 = mid - 1;
  }
  return lo;
}

// src/parse/locator.ts
var CACHE_SIZE = 16;
var Locator = class {
  /** `fast: false` answers everything from the `yaml` syntax tree (the tests compare both). */
  constructor(options = {}) {
    this.options = options;
  }
  options;
  trees = /* @__PURE__ */ new Map();
  events = /* @__PURE__ */ new Map();
  lineStarts = /* @__PURE__ */ new Map();
  /** The document's syntax tree, re-parsed from its slice of the file. */
  tree(doc) {
    let tree = this.trees.get(doc);
    if (tree) {
      this.trees.delete(doc);
      this.trees.set(doc, tree);
      return tree;
    }
    tree = parseLenient(doc.file.text.slice(doc.startOffset, doc.endOffset));
    this.trees.set(doc, tree);
    if (this.trees.size > CACHE_SIZE) {
      const oldest = this.trees.keys().next().value;
      if (oldest) this.trees.delete(oldest);
    }
    return tree;
  }
  resolve(doc, path) {
    const tree = this.tree(doc);
    let node = tree.contents;
    let pair;
    let parent;
    let depth = 0;
    for (const step of path) {
      if ((0, import_yaml6.isAlias)(node)) node = node.resolve(tree) ?? null;
      let next;
      let nextPair;
      if ((0, import_yaml6.isMap)(node)) {
        for (const p of node.items) {
          if ((0, import_yaml6.isPair)(p) && keyMatches(p.key, step)) {
            nextPair = p;
            next = p.value;
          }
        }
        if (!nextPair) break;
      } else if ((0, import_yaml6.isSeq)(node) && typeof step === "number" && step < node.items.length) {
        next = node.items[step];
        nextPair = void 0;
      } else break;
      parent = node ?? void 0;
      node = next ?? null;
      pair = nextPair;
      depth++;
    }
    return { node, pair, parent, depth, complete: depth === path.length, base: doc.startOffset };
  }
  /**
   * The offsets a report at `path` should underline: the key and its scalar value,
   * only the key when the value is a block collection, the first line of a sequence item.
   */
  offsets(doc, path) {
    const fast = this.options.fast === false ? void 0 : this.eventsOf(doc);
    const quick = fast ? keyRange(doc.file.text.slice(doc.startOffset, doc.endOffset), fast, path) : void 0;
    if (quick) return [doc.startOffset + quick[0], doc.startOffset + quick[1]];
    const r7 = this.resolve(doc, path);
    const text = doc.file.text;
    const base = r7.base;
    if (r7.pair && isScalarish(r7.node)) {
      const k2 = r7.pair.key?.range;
      const v2 = r7.node?.range;
      if (k2) return [base + k2[0], base + (v2 ? v2[1] : k2[1])];
    }
    if (r7.pair) {
      const k2 = r7.pair.key?.range;
      if (k2) return [base + k2[0], base + k2[1]];
    }
    const range = r7.node?.range;
    if (!range) return [doc.startOffset, lineEnd(text, doc.startOffset)];
    const start = base + range[0];
    const end = isScalarish(r7.node) ? base + range[1] : Math.min(base + range[1], lineEnd(text, start));
    return [start, Math.max(end, start)];
  }
  /** The full source range of the node at `path` (its whole value, block scalars included). */
  wholeNodeOffsets(doc, path) {
    const r7 = this.resolve(doc, path);
    const range = r7.node?.range;
    if (!range) return this.offsets(doc, path);
    return [r7.base + range[0], r7.base + range[1]];
  }
  eventsOf(doc) {
    let events = this.events.get(doc);
    if (events === void 0) {
      events = documentEvents(doc.file.text.slice(doc.startOffset, doc.endOffset)) ?? null;
      this.events.set(doc, events);
      if (this.events.size > CACHE_SIZE) {
        const oldest = this.events.keys().next().value;
        if (oldest) this.events.delete(oldest);
      }
    }
    return events ?? void 0;
  }
  /** 1-based line and column (UTF-16 code units, as editors and SARIF count them). */
  position(file, offset) {
    const starts = this.lines(file);
    const i = lineIndexAt(starts, offset);
    const t = file.text;
    const at2 = t[offset - 1] === "\r" && (offset === t.length || t[offset] === "\n") ? offset - 1 : offset;
    return { line: i + 1, column: at2 - (starts[i] ?? 0) + 1 };
  }
  /** Offset of the start of a 1-based line. */
  lineOffset(file, line) {
    const starts = this.lines(file);
    return starts[Math.min(Math.max(line - 1, 0), starts.length - 1)] ?? 0;
  }
  lineCount(file) {
    return this.lines(file).length;
  }
  lines(file) {
    let starts = this.lineStarts.get(file);
    if (!starts) {
      starts = [0];
      const t = file.text;
      for (let i = t.indexOf("\n"); i !== -1; i = t.indexOf("\n", i + 1)) starts.push(i + 1);
      this.lineStarts.set(file, starts);
    }
    return starts;
  }
  /** Drops cached trees and line tables for a file (after it was fully reported). */
  forget(file) {
    this.lineStarts.delete(file);
    for (const doc of this.trees.keys()) if (doc.file === file) this.trees.delete(doc);
    for (const doc of this.events.keys()) if (doc.file === file) this.events.delete(doc);
  }
};
function keyMatches(key, step) {
  if ((0, import_yaml6.isScalar)(key)) {
    const v2 = key.value;
    return v2 === step || v2 != null && String(v2) === String(step) || v2 == null && step === "null";
  }
  return false;
}
function isScalarish(node) {
  return node == null || (0, import_yaml6.isScalar)(node) || (0, import_yaml6.isAlias)(node) || (0, import_yaml6.isCollection)(node) && node.flow === true;
}
function lineEnd(text, offset) {
  const nl = text.indexOf("\n", offset);
  const end = nl === -1 ? text.length : nl;
  return end > offset && text[end - 1] === "\r" ? end - 1 : end;
}

// rules/unrendered-template.ts
var unrendered_template_default = createRule({
  name: "unrendered-template",
  meta: {
    type: "problem",
    docs: {
      description: "Helm template sources (`{{ \u2026 }}` outside strings) linted as if they were manifests",
      defaultLevel: "error",
      precision: "very-high",
      category: "diagnostic",
      istioVersions: "all"
    },
    messages: {
      unrendered: "This file is an unrendered Helm template (found {{ snippet }}); its contents are not linted. Lint its chart instead: meshlint --helm-chart CHART_DIR",
      chart: "Found the Helm chart {{ dir }}; its templates are not linted as they stand. Lint what it renders: meshlint --helm-chart {{ dir }} [--values FILE], or set helm.renderCharts: true (or list it under helm.charts) in .meshlint.yaml."
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      File({ file, unrenderedTemplateAt: at2 }) {
        if (file.origin === void 0 && /(^|\/)Chart\.yaml$/.test(file.displayPath)) {
          const dir = file.displayPath.replace(/\/?Chart\.yaml$/, "") || ".";
          context.report({ target: { doc: wholeFile(file), offset: 0, endOffset: lineEnd(file.text, 0) }, messageId: "chart", data: { dir }, severity: "warn" });
          return;
        }
        if (at2 === void 0) return;
        const end = Math.min(lineEnd(file.text, at2), file.text.indexOf("}}", at2) === -1 ? Infinity : file.text.indexOf("}}", at2) + 2);
        const snippet = file.text.slice(at2, Math.min(end, at2 + 60)).trim();
        context.report({ target: { doc: wholeFile(file), offset: at2, endOffset: end }, messageId: "unrendered", data: { snippet } });
      }
    };
  }
});

// src/model/no-proxy.ts
function lookup(env, name) {
  let found;
  for (const e of env.entries) if (e.name === name) found = e;
  if (found) {
    return found.value === void 0 ? { state: "unknown", because: `${name} ${found.unknownBecause ?? "has no literal value"}`, open: false } : { state: "set", entry: found, value: found.value };
  }
  return env.openTo ? { state: "unknown", because: `${name} may come from ${env.openTo}`, open: true } : { state: "unset" };
}
function effectiveVar(env, names) {
  const empty = [];
  for (let i = 0; i < names.length; i++) {
    const l = lookup(env, names[i]);
    if (l.state === "unknown") return { state: "unknown", because: l.because, open: l.open };
    if (l.state === "unset") continue;
    if (l.value === "") {
      empty.push(l.entry);
      continue;
    }
    const later = new Set(names.slice(i + 1));
    const ignored = env.entries.filter((e) => later.has(e.name));
    return { state: "set", name: l.entry.name, value: l.value, entry: l.entry, ignored, empty };
  }
  return { state: "unset", empty };
}
function effectiveProxyEnv(env) {
  let httpsProxy = effectiveVar(env, ["HTTPS_PROXY", "https_proxy"]);
  if (httpsProxy.state === "unknown") {
    const lower = lookup(env, "https_proxy");
    if (lower.state === "set" && lower.value !== "") httpsProxy = { state: "set", name: "https_proxy", value: lower.value, entry: lower.entry, ignored: [], empty: [] };
  }
  return { httpsProxy, noProxy: effectiveVar(env, ["NO_PROXY", "no_proxy"]) };
}
function parseIPv4(s) {
  const parts = s.split(".");
  if (parts.length !== 4) return void 0;
  const out = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || p.length > 1 && p[0] === "0") return void 0;
    const n = Number(p);
    if (n > 255) return void 0;
    out.push(n);
  }
  return out;
}
function parseIPv6(s) {
  if (s.includes("%")) return void 0;
  const halves = s.split("::");
  if (halves.length > 2) return void 0;
  const groups = (h) => {
    if (h === "") return [];
    const out = [];
    const parts = h.split(":");
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (i === parts.length - 1 && p.includes(".")) {
        const v4 = parseIPv4(p);
        if (!v4) return void 0;
        out.push(v4[0] << 8 | v4[1], v4[2] << 8 | v4[3]);
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(p)) return void 0;
      out.push(parseInt(p, 16));
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return void 0;
  let words;
  if (halves.length === 2) {
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return void 0;
    words = [...head, ...new Array(fill).fill(0), ...tail];
  } else {
    if (head.length !== 8) return void 0;
    words = head;
  }
  return words.flatMap((w) => [w >> 8, w & 255]);
}
function parseIp(s) {
  if (s.includes(":")) return parseIPv6(s);
  const v4 = parseIPv4(s);
  return v4 ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, ...v4] : void 0;
}
var isV4 = (ip) => ip.slice(0, 10).every((b) => b === 0) && ip[10] === 255 && ip[11] === 255;
function isLoopback(ip) {
  if (isV4(ip)) return ip[12] === 127;
  return ip.slice(0, 15).every((b) => b === 0) && ip[15] === 1;
}
function parseCidr(s) {
  const slash = s.indexOf("/");
  if (slash < 0) return void 0;
  const addr = s.slice(0, slash);
  const len = s.slice(slash + 1);
  const ip = parseIp(addr);
  if (!ip || !/^\d+$/.test(len)) return void 0;
  const v4 = !addr.includes(":");
  const bits = Number(len);
  if (bits > (v4 ? 32 : 128)) return void 0;
  return { ip, v4, bits };
}
function cidrContains(c, ip) {
  if (c.v4 && !isV4(ip)) return false;
  const offset = c.v4 ? 96 : 0;
  for (let bit = 0; bit < c.bits; bit++) {
    const i = offset + bit;
    const mask = 128 >> i % 8;
    if (((c.ip[i >> 3] ^ ip[i >> 3]) & mask) !== 0) return false;
  }
  return true;
}
var sameIp = (a, b) => a.every((x, i) => x === b[i]);
function splitHostPort(s) {
  const i = s.lastIndexOf(":");
  if (i < 0) return void 0;
  let host;
  let from = 0;
  if (s.startsWith("[")) {
    const end = s.indexOf("]");
    if (end < 0 || end + 1 !== i) return void 0;
    host = s.slice(1, end);
    from = end + 1;
    if (s.slice(1).includes("[") || s.slice(from).includes("]")) return void 0;
  } else {
    host = s.slice(0, i);
    if (host.includes(":") || s.includes("[") || s.includes("]")) return void 0;
  }
  return { host, port: s.slice(i + 1) };
}
function parseNoProxy(list) {
  const out = [];
  for (const part of list.split(",")) {
    const raw = part.trim();
    const p = raw.toLowerCase();
    if (p === "") continue;
    if (p === "*") {
      out.push({ kind: "all", raw });
      return out;
    }
    const cidr = parseCidr(p);
    if (cidr) {
      out.push({ kind: "cidr", raw, cidr });
      continue;
    }
    let host = p;
    let port = "";
    const hp = splitHostPort(p);
    if (hp) {
      if (hp.host === "") {
        out.push({ kind: "ignored", raw });
        continue;
      }
      host = hp.host;
      port = hp.port;
    }
    const ip = parseIp(host);
    if (ip) {
      out.push({ kind: "ip", raw, ip, port });
      continue;
    }
    if (host.startsWith("*.")) host = host.slice(1);
    const matchHost = !host.startsWith(".");
    out.push({ kind: "domain", raw, suffix: matchHost ? `.${host}` : host, port, matchHost });
  }
  return out;
}
function entryMatches(e, host, port, ip) {
  switch (e.kind) {
    case "all":
      return true;
    case "cidr":
      return ip !== void 0 && cidrContains(e.cidr, ip);
    case "ip":
      return ip !== void 0 && sameIp(e.ip, ip) && (e.port === "" || e.port === port);
    case "domain":
      return (host.endsWith(e.suffix) || e.matchHost && host === e.suffix.slice(1)) && (e.port === "" || e.port === port);
    case "ignored":
      return false;
  }
}
function noProxyCovers(list, host, port) {
  const h = host.trim().toLowerCase();
  const p = String(port);
  const ip = parseIp(h);
  if (h === "localhost" || ip && isLoopback(ip)) return { covered: true, by: void 0, reason: `does not matter: Go never proxies ${h}` };
  const entries = parseNoProxy(list);
  if (entries.length === 0) return { covered: false, by: void 0, reason: "is empty" };
  const hit = entries.find((e) => entryMatches(e, h, p, ip));
  if (hit) {
    return {
      covered: true,
      by: hit.raw,
      reason: hit.kind === "all" ? `lists *, which turns the proxy off for every host` : `lists ${hit.raw}, which matches ${h}:${p}`
    };
  }
  return { covered: false, by: void 0, reason: missReason(entries, h, p, ip) };
}
function missReason(entries, host, port, ip) {
  const domains = entries.filter((e) => e.kind === "domain");
  const wrongPort = domains.find((e) => e.port !== "" && entryMatches({ ...e, port: "" }, host, port, ip));
  if (wrongPort) return `lists ${wrongPort.raw}, which matches only port ${wrongPort.port} (the call uses port ${port})`;
  const wrongIpPort = entries.find((e) => e.kind === "ip" && e.port !== "" && ip !== void 0 && sameIp(e.ip, ip));
  if (wrongIpPort && wrongIpPort.kind === "ip") return `lists ${wrongIpPort.raw}, which matches only port ${wrongIpPort.port} (the call uses port ${port})`;
  if (ip === void 0) {
    const labels = host.split(".");
    const tld = labels[labels.length - 1] ?? "";
    const shares = (e, names) => e.suffix.split(".").some((l) => l !== "" && names.includes(l));
    const near = domains.find((e) => shares(e, [tld])) ?? domains.find((e) => e.suffix.endsWith(".cluster.local")) ?? domains.find((e) => shares(e, labels));
    if (near) return `lists ${near.raw}, which does not match ${host} (an entry matches names that end with it)`;
    if (entries.some((e) => e.kind === "cidr" || e.kind === "ip") && domains.length === 0) {
      return `lists only IP addresses and ranges, which never match a name such as ${host}`;
    }
  }
  const shown2 = entries.length > 6 ? `${entries.slice(0, 6).map((e) => e.raw).join(",")},\u2026` : entries.map((e) => e.raw).join(",");
  return `(${shown2}) has no entry that matches ${host}${ip === void 0 ? "" : `:${port}`}`;
}
function withSvc(value) {
  const v2 = value.trimEnd();
  if (v2.trim() === "") return ".svc";
  return v2.endsWith(",") ? `${v2}.svc` : `${v2},.svc`;
}

// rules/apiserver-no-proxy-svc.ts
var strings = (v2) => Array.isArray(v2) ? v2.filter((x) => typeof x === "string") : [];
var basename = (s) => s.slice(s.lastIndexOf("/") + 1);
function imageName(image) {
  let s = image.split("@")[0] ?? "";
  const colon = s.lastIndexOf(":");
  if (colon > s.lastIndexOf("/")) s = s.slice(0, colon);
  return basename(s);
}
var APISERVER_IMAGE = /^kube-apiserver(-(amd64|arm64|arm|ppc64le|s390x))?$/;
function isKubeApiserver(c) {
  const argv = [...strings(c.command), ...strings(c.args)];
  const program = argv[0] === void 0 ? "" : basename(argv[0]);
  if (program === "kube-apiserver") return true;
  if (program === "hyperkube" && (argv[1] === "apiserver" || argv[1] === "kube-apiserver")) return true;
  return typeof c.image === "string" && APISERVER_IMAGE.test(imageName(c.image));
}
function envListOf(list, openTo) {
  const entries = [];
  (Array.isArray(list) ? list : []).forEach((item, index) => {
    const o = asObject(item);
    if (!o || typeof o.name !== "string") return;
    if (o.valueFrom !== void 0 && o.valueFrom !== null) {
      entries.push({ name: o.name, value: void 0, unknownBecause: "comes from valueFrom", index });
      return;
    }
    const v2 = o.value;
    if (v2 === void 0 || v2 === null) entries.push({ name: o.name, value: "", index });
    else if (typeof v2 !== "string") entries.push({ name: o.name, value: void 0, unknownBecause: "is not a string", index });
    else if (/\$\(/.test(v2.replace(/\$\$/g, ""))) entries.push({ name: o.name, value: void 0, unknownBecause: "refers to other variables", index });
    else entries.push({ name: o.name, value: v2.replace(/\$\$/g, "$"), index });
  });
  return { entries, openTo };
}
function injectionHosts(facts) {
  const input2 = facts.mesh.webhooks.filter((w) => w.origin === "input");
  if (input2.length === 0) return { hosts: [{ host: "istiod.istio-system.svc", port: 443, webhooks: [] }], known: false };
  const byHost = /* @__PURE__ */ new Map();
  for (const w of input2) {
    if (w.deactivated || !w.service?.name || !w.service.namespace) continue;
    const host = `${w.service.name}.${w.service.namespace}.svc`;
    const p = w.service.port;
    const key = `${host}:${p}`;
    const entry = byHost.get(key) ?? { host, port: p, webhooks: [] };
    entry.webhooks.push(w);
    byHost.set(key, entry);
  }
  return byHost.size > 0 ? { hosts: [...byHost.values()], known: true } : void 0;
}
function webhookThroughProxy(env, hosts) {
  const fx = effectiveProxyEnv(env);
  if (fx.httpsProxy.state !== "set") return void 0;
  let np = fx.noProxy;
  let assumesClosed = false;
  if (np.state === "unknown") {
    if (!np.open) return void 0;
    np = effectiveProxyEnv({ ...env, openTo: void 0 }).noProxy;
    assumesClosed = true;
    if (np.state === "unknown") return void 0;
  }
  const list = np.state === "set" ? np.value : "";
  const decisions = hosts.map((h) => ({ h, d: noProxyCovers(list, h.host, h.port) }));
  const missedWith = decisions.filter((x) => !x.d.covered);
  const first = missedWith[0];
  if (!first) return void 0;
  const missed = missedWith.map((x) => x.h);
  let reason;
  if (np.state === "set") {
    const shadow = np.ignored.find((e) => e.value !== void 0 && missed.every((h) => noProxyCovers(e.value, h.host, h.port).covered));
    const via = np.empty.length ? ` (${np.empty.map((e) => e.name).join(", ")} is empty, so Go reads ${np.name})` : "";
    reason = shadow ? `${shadow.name} has ${noProxyCovers(shadow.value, first.h.host, first.h.port).by} but ${np.name} is set and wins` : `${np.name}${via} ${first.d.reason}`;
  } else {
    reason = np.empty.length ? `${np.empty.map((e) => e.name).join(" and ")} ${np.empty.length > 1 ? "are" : "is"} empty${np.empty.some((e) => e.name === "NO_PROXY") && !np.empty.some((e) => e.name === "no_proxy") ? " and no_proxy is not set" : ""}` : `neither NO_PROXY nor no_proxy is ${assumesClosed ? "listed" : "set"}`;
  }
  const editable = np.state === "set" ? np.entry : np.empty.find((e) => e.name === "NO_PROXY") ?? np.empty[0];
  return {
    proxy: fx.httpsProxy.entry,
    noProxy: np.state === "set" ? np : void 0,
    emptyNoProxy: np.empty,
    missed,
    reason,
    assumesClosed,
    fixValue: editable ? { entry: editable, value: withSvc(editable.value ?? "") } : void 0
  };
}
var hostText = (h) => `${h.host}:${h.port}`;
function hostsText(hosts) {
  const shown2 = hosts.slice(0, 3).map(hostText).join(", ");
  return hosts.length > 3 ? `${shown2} and ${hosts.length - 3} more` : shown2;
}
var apiserver_no_proxy_svc_default = createRule({
  name: "apiserver-no-proxy-svc",
  meta: {
    type: "problem",
    fixable: "code",
    docs: {
      description: "kube-apiserver with an HTTPS proxy whose no-proxy list does not cover the injection webhook's .svc host",
      defaultLevel: "error",
      precision: "high",
      category: "admission",
      istioVersions: "all"
    },
    messages: {
      proxied: 'kube-apiserver sends HTTPS through the proxy in {{ proxyVar }} and {{ reason }}, so its calls to {{ webhook }} go to the proxy, which cannot reach cluster services: creating a pod that Istio injects fails ("failed calling webhook \u2026 Service Unavailable"). {{ fix }}',
      proxiedUnlessEnv: 'kube-apiserver sends HTTPS through the proxy in {{ proxyVar }} and {{ reason }}, so unless {{ source }} supplies a NO_PROXY that covers it, its calls to {{ webhook }} go to the proxy, which cannot reach cluster services, and creating a pod that Istio injects fails ("failed calling webhook \u2026 Service Unavailable"). {{ fix }}'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const called = injectionHosts(context.facts);
    const check2 = (resource, envPath, env, where) => {
      if (!called) return;
      const f = webhookThroughProxy(env, called.hosts);
      if (!f) return;
      const valuePath = (e) => [...envPath, e.index, "value"];
      const hasValueKey = (e) => Object.hasOwn(asObject(getIn(resource.object, [...envPath, e.index])) ?? {}, "value");
      const webhook = called.known ? `Istio's injection webhook at ${hostsText(f.missed)}` : `the injection webhook's .svc host (${hostsText(f.missed)})`;
      const fixEntry = f.fixValue && hasValueKey(f.fixValue.entry) ? f.fixValue : void 0;
      const fixText = fixEntry ? fixEntry.entry.value === "" ? `Set ${fixEntry.entry.name} to .svc.` : `Append ,.svc to ${fixEntry.entry.name}.` : `Add ${where} entries NO_PROXY and no_proxy that list .svc (next to localhost, 127.0.0.1 and the cluster's service and pod ranges).`;
      const fix = fixEntry ? [{ op: "set", path: valuePath(fixEntry.entry), value: fixEntry.value }] : void 0;
      const at2 = f.noProxy?.entry ?? (fixEntry ? fixEntry.entry : f.proxy);
      const related = [];
      if (at2 !== f.proxy) related.push({ target: { resource, path: valuePath(f.proxy) }, message: `the HTTPS proxy (${f.proxy.name})` });
      for (const e of f.noProxy?.ignored ?? []) {
        if (e.value !== void 0 && e !== at2) related.push({ target: { resource, path: valuePath(e) }, message: `${e.name}: not read, ${f.noProxy?.name} wins` });
      }
      for (const e of f.emptyNoProxy) if (e !== at2 && hasValueKey(e)) related.push({ target: { resource, path: valuePath(e) }, message: `${e.name} is empty` });
      for (const h of f.missed) {
        const w = h.webhooks.find((x) => x.resource && x.index !== void 0);
        if (w?.resource && w.index !== void 0) {
          related.push({ target: { resource: w.resource, path: ["webhooks", w.index, "clientConfig", "service"] }, message: `injection webhook ${w.name} calls ${hostText(h)}` });
        }
      }
      const data = { proxyVar: f.proxy.name, reason: f.reason, webhook, fix: fixText, source: env.openTo ?? "" };
      context.report({
        target: { resource, path: valuePath(at2) },
        messageId: f.assumesClosed ? "proxiedUnlessEnv" : "proxied",
        ...f.assumesClosed ? { severity: "warn" } : {},
        data,
        ...fix ? { fix } : {},
        related
      });
    };
    return {
      Container(c) {
        if (c.group !== "containers" || !isKubeApiserver(c.object)) return;
        const envFrom = Array.isArray(c.object.envFrom) ? c.object.envFrom : [];
        const sources = envFrom.map((s) => {
          const o = asObject(s) ?? {};
          const ref = asObject(o.configMapRef) ? `ConfigMap ${asObject(o.configMapRef)?.name}` : asObject(o.secretRef) ? `Secret ${asObject(o.secretRef)?.name}` : "a source";
          return ref;
        });
        const openTo = sources.length ? `the container's envFrom (${sources.join(", ")})` : void 0;
        check2(c.template.resource, [...c.path, "env"], envListOf(c.object.env, openTo), "env");
      },
      Resource(r7) {
        if (r7.kind !== "ClusterConfiguration" || !r7.apiVersion.startsWith("kubeadm.k8s.io/") || /^kubeadm\.k8s\.io\/v1(alpha\d+|beta[123])$/.test(r7.apiVersion)) return;
        const extra = getIn(r7.object, ["apiServer", "extraEnvs"]);
        if (!Array.isArray(extra)) return;
        check2(r7, ["apiServer", "extraEnvs"], envListOf(extra, "the environment kubeadm runs in"), "extraEnvs");
      }
    };
  }
});

// src/model/proxy-config.ts
var import_yaml8 = __toESM(require_dist(), 1);

// src/model/edit-distance.ts
function editDistance(a, b) {
  const prev = Array.from({ length: b.length + 1 }, (_2, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j2 = 1; j2 <= b.length; j2++) {
      const up = prev[j2] ?? 0;
      prev[j2] = Math.min(up + 1, (prev[j2 - 1] ?? 0) + 1, diag + (a[i - 1] === b[j2 - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

// src/model/proxy-config.ts
var dep = (type) => ({ type, deprecated: true });
var since = (type, version) => ({ type, since: version });
var oneof = (type, group) => ({ type, oneof: group });
var repeated = (type) => ({ type, repeated: true });
var mapOf = (type) => ({ type, map: true });
var MESSAGE_SPECS = {
  ProxyConfig: {
    config_path: "string",
    binary_path: "string",
    service_cluster: oneof("string", "cluster_name"),
    tracing_service_name: oneof("enum:TracingServiceName", "cluster_name"),
    drain_duration: "Duration",
    discovery_address: "string",
    discovery_refresh_delay: dep("Duration"),
    zipkin_address: dep("string"),
    statsd_udp_address: "string",
    envoy_metrics_service_address: dep("string"),
    proxy_admin_port: "int32",
    availability_zone: dep("string"),
    control_plane_auth_policy: "enum:AuthenticationPolicy",
    custom_config_file: "string",
    stat_name_length: "int32",
    concurrency: "Int32Value",
    proxy_bootstrap_template_path: "string",
    interception_mode: "enum:InboundInterceptionMode",
    tracing: "Tracing",
    sds: dep("SDS"),
    envoy_access_log_service: "RemoteService",
    envoy_metrics_service: "RemoteService",
    proxy_metadata: mapOf("string"),
    runtime_values: mapOf("string"),
    status_port: "int32",
    extra_stat_tags: repeated("string"),
    gateway_topology: "Topology",
    termination_drain_duration: "Duration",
    mesh_id: "string",
    readiness_probe: "ReadinessProbe",
    proxy_stats_matcher: "ProxyStatsMatcher",
    hold_application_until_proxy_starts: "BoolValue",
    ca_certificates_pem: repeated("string"),
    image: "ProxyImage",
    private_key_provider: "PrivateKeyProvider",
    proxy_headers: since("ProxyHeaders", "1.19"),
    file_flush_interval: since("Duration", "1.29"),
    file_flush_min_size_kb: since("uint32", "1.29"),
    stats_compression: since("BoolValue", "1.29"),
    connection_settings: since("ConnectionSettings", "1.31")
  },
  Tracing: {
    zipkin: oneof("Tracing.Zipkin", "tracer"),
    lightstep: oneof("Tracing.Lightstep", "tracer"),
    datadog: oneof("Tracing.Datadog", "tracer"),
    stackdriver: oneof("Tracing.Stackdriver", "tracer"),
    open_census_agent: oneof("Tracing.OpenCensusAgent", "tracer"),
    custom_tags: mapOf("Tracing.CustomTag"),
    max_path_tag_length: "uint32",
    sampling: "double",
    tls_settings: "ClientTLSSettings",
    enable_istio_tags: since("BoolValue", "1.25")
  },
  "Tracing.Zipkin": { address: "string" },
  "Tracing.Lightstep": { address: "string", access_token: "string" },
  "Tracing.Datadog": { address: "string" },
  "Tracing.Stackdriver": {
    debug: "bool",
    max_number_of_attributes: "Int64Value",
    max_number_of_annotations: "Int64Value",
    max_number_of_message_events: "Int64Value"
  },
  "Tracing.OpenCensusAgent": { address: "string", context: repeated("enum:TraceContext") },
  "Tracing.CustomTag": {
    literal: oneof("Tracing.Literal", "type"),
    environment: oneof("Tracing.Environment", "type"),
    header: oneof("Tracing.RequestHeader", "type")
  },
  "Tracing.Literal": { value: "string" },
  "Tracing.Environment": { name: "string", default_value: "string" },
  "Tracing.RequestHeader": { name: "string", default_value: "string" },
  SDS: { enabled: "bool", k8s_sa_jwt_path: "string" },
  Topology: {
    num_trusted_proxies: "uint32",
    forward_client_cert_details: "enum:ForwardClientCertDetails",
    proxy_protocol: since("Topology.ProxyProtocolConfiguration", "1.19")
  },
  "Topology.ProxyProtocolConfiguration": {},
  PrivateKeyProvider: {
    cryptomb: oneof("PrivateKeyProvider.CryptoMb", "provider"),
    qat: oneof("PrivateKeyProvider.QAT", "provider")
  },
  "PrivateKeyProvider.CryptoMb": { poll_delay: "Duration", fallback: since("BoolValue", "1.21") },
  "PrivateKeyProvider.QAT": { poll_delay: "Duration", fallback: since("BoolValue", "1.21") },
  RemoteService: { address: "string", tls_settings: "ClientTLSSettings", tcp_keepalive: "TcpKeepalive" },
  ProxyStatsMatcher: { inclusion_prefixes: repeated("string"), inclusion_suffixes: repeated("string"), inclusion_regexps: repeated("string") },
  ProxyHeaders: {
    forwarded_client_cert: "enum:ForwardClientCertDetails",
    set_current_client_cert_details: since("ProxyHeaders.SetCurrentClientCertDetails", "1.24"),
    request_id: "ProxyHeaders.RequestId",
    server: "ProxyHeaders.Server",
    attempt_count: "ProxyHeaders.AttemptCount",
    envoy_debug_headers: "ProxyHeaders.EnvoyDebugHeaders",
    metadata_exchange_headers: "ProxyHeaders.MetadataExchangeHeaders",
    preserve_http1_header_case: since("BoolValue", "1.25"),
    x_forwarded_host: since("ProxyHeaders.XForwardedHost", "1.28"),
    x_forwarded_port: since("ProxyHeaders.XForwardedPort", "1.28")
  },
  "ProxyHeaders.Server": { disabled: "BoolValue", value: "string" },
  "ProxyHeaders.RequestId": { disabled: "BoolValue" },
  "ProxyHeaders.AttemptCount": { disabled: "BoolValue" },
  "ProxyHeaders.XForwardedHost": { enabled: "BoolValue" },
  "ProxyHeaders.XForwardedPort": { enabled: "BoolValue" },
  "ProxyHeaders.EnvoyDebugHeaders": { disabled: "BoolValue" },
  "ProxyHeaders.MetadataExchangeHeaders": { mode: "enum:MetadataExchangeMode" },
  "ProxyHeaders.SetCurrentClientCertDetails": { subject: "BoolValue", cert: "BoolValue", chain: "BoolValue", dns: "BoolValue", uri: "BoolValue" },
  ConnectionSettings: {
    profile: "enum:ConnectionProfile",
    listener_per_connection_buffer_limit_bytes: "Int32Value",
    cluster_per_connection_buffer_limit_bytes: "Int32Value",
    http_idle_timeout: "Duration",
    http_max_connection_duration: "Duration",
    http_drain_timeout: "Duration",
    http_request_timeout: "Duration",
    http_request_headers_timeout: "Duration",
    http_stream_idle_timeout: "Duration",
    http_max_stream_duration: "Duration",
    http_max_concurrent_streams: "Int32Value",
    http2_initial_stream_window_size: "Int32Value",
    http2_initial_connection_window_size: "Int32Value",
    http_headers_with_underscores_action: "enum:HeadersWithUnderscoresAction",
    http_merge_slashes: "BoolValue",
    http_path_with_escaped_slashes_action: "enum:PathWithEscapedSlashesAction",
    listener_connection_limit: "Int32Value",
    global_downstream_connection_limit: "Int32Value"
  },
  // networking/v1alpha3/destination_rule.proto
  ClientTLSSettings: {
    mode: "enum:TLSmode",
    client_certificate: "string",
    private_key: "string",
    ca_certificates: "string",
    credential_name: "string",
    subject_alt_names: repeated("string"),
    sni: "string",
    insecure_skip_verify: "BoolValue",
    ca_crl: since("string", "1.22")
  },
  TcpKeepalive: { probes: "uint32", time: "Duration", interval: "Duration" },
  // networking/v1alpha3/workload_group.proto
  ReadinessProbe: {
    initial_delay_seconds: "int32",
    timeout_seconds: "int32",
    period_seconds: "int32",
    success_threshold: "int32",
    failure_threshold: "int32",
    http_get: oneof("HTTPHealthCheckConfig", "health_check_method"),
    tcp_socket: oneof("TCPHealthCheckConfig", "health_check_method"),
    exec: oneof("ExecHealthCheckConfig", "health_check_method"),
    grpc: { type: "GrpcHealthCheckConfig", oneof: "health_check_method", since: "1.25" }
  },
  HTTPHealthCheckConfig: { path: "string", port: "uint32", host: "string", scheme: "string", http_headers: repeated("HTTPHeader") },
  HTTPHeader: { name: "string", value: "string" },
  TCPHealthCheckConfig: { host: "string", port: "uint32" },
  ExecHealthCheckConfig: { command: repeated("string") },
  GrpcHealthCheckConfig: { port: "uint32", service: "string" },
  // networking/v1beta1/proxy_config.proto
  ProxyImage: { image_type: "string" }
};
var PROXY_CONFIG_ENUMS = {
  AuthenticationPolicy: { NONE: 0, MUTUAL_TLS: 1, INHERIT: 1e3 },
  TracingServiceName: { APP_LABEL_AND_NAMESPACE: 0, CANONICAL_NAME_ONLY: 1, CANONICAL_NAME_AND_NAMESPACE: 2 },
  InboundInterceptionMode: { REDIRECT: 0, TPROXY: 1, NONE: 2 },
  TraceContext: { UNSPECIFIED: 0, W3C_TRACE_CONTEXT: 1, GRPC_BIN: 2, CLOUD_TRACE_CONTEXT: 3, B3: 4 },
  ForwardClientCertDetails: { UNDEFINED: 0, SANITIZE: 1, FORWARD_ONLY: 2, APPEND_FORWARD: 3, SANITIZE_SET: 4, ALWAYS_FORWARD_ONLY: 5 },
  MetadataExchangeMode: { UNDEFINED: 0, IN_MESH: 1 },
  ConnectionProfile: { SIDECAR: 0, EDGE: 1 },
  HeadersWithUnderscoresAction: {
    HEADERS_WITH_UNDERSCORES_UNSPECIFIED: 0,
    HEADERS_WITH_UNDERSCORES_ALLOW: 1,
    HEADERS_WITH_UNDERSCORES_REJECT_REQUEST: 2,
    HEADERS_WITH_UNDERSCORES_DROP_HEADER: 3
  },
  PathWithEscapedSlashesAction: {
    PATH_WITH_ESCAPED_SLASHES_UNSPECIFIED: 0,
    KEEP_UNCHANGED: 1,
    REJECT_REQUEST: 2,
    UNESCAPE_AND_REDIRECT: 3,
    UNESCAPE_AND_FORWARD: 4
  },
  TLSmode: { DISABLE: 0, SIMPLE: 1, MUTUAL: 2, ISTIO_MUTUAL: 3 }
};
var REMOVED_FIELDS = {
  parentShutdownDuration: "was removed from ProxyConfig in Istio 1.17",
  parent_shutdown_duration: "was removed from ProxyConfig in Istio 1.17",
  connectTimeout: "is no longer a ProxyConfig field (connectTimeout is set mesh-wide, in MeshConfig)",
  connect_timeout: "is no longer a ProxyConfig field (connectTimeout is set mesh-wide, in MeshConfig)"
};
function jsonName(protoName) {
  return protoName.replace(/_([a-z])/g, (_2, c) => c.toUpperCase()).replace(/_/g, "");
}
var PROXY_CONFIG_SCHEMA = new Map(
  Object.entries(MESSAGE_SPECS).map(([name, fields]) => [
    name,
    Object.entries(fields).map(([protoName, spec]) => ({ ...typeof spec === "string" ? { type: spec } : spec, protoName, jsonName: jsonName(protoName) }))
  ])
);
function fieldsOf(message) {
  return PROXY_CONFIG_SCHEMA.get(message) ?? [];
}
function formatConfigPath(path) {
  let out = "";
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(step)) out += out === "" ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}
function parseConfigPath(text) {
  const out = [];
  const re2 = /\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let m;
  while (re2.lastIndex < text.length && (m = re2.exec(text)) !== null) {
    if (m[1] !== void 0) out.push(m[1]);
    else if (m[2] !== void 0) out.push(Number(m[2]));
    else if (m[3] !== void 0) out.push(JSON.parse(m[3]));
  }
  return out;
}
var isMapping = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2);
function describe(v2) {
  if (v2 === null) return "null";
  if (Array.isArray(v2)) return "a list";
  if (isMapping(v2)) return "a mapping";
  if (typeof v2 === "string") return `the string ${JSON.stringify(v2)}`;
  if (typeof v2 === "boolean") return `the boolean ${v2}`;
  if (typeof v2 === "number") return `the number ${v2}`;
  return String(v2);
}
function goKind(v2) {
  if (Array.isArray(v2)) return "array";
  if (isMapping(v2)) return "object";
  if (typeof v2 === "boolean") return "bool";
  return typeof v2;
}
function readText(text) {
  const doc = parseLenient(text);
  const errors = doc.errors.filter((e) => e.code !== "MULTIPLE_DOCS");
  if (errors.length === 0) {
    doc.options.logLevel = "error";
    try {
      return { value: doc.toJS({ maxAliasCount: 1e3 }), syntaxError: void 0, ignoredDocuments: errors.length !== doc.errors.length };
    } catch (e) {
      return { value: void 0, syntaxError: e instanceof Error ? e.message : String(e), ignoredDocuments: false };
    }
  }
  try {
    return { value: JSON.parse(text), syntaxError: void 0, ignoredDocuments: false };
  } catch {
    const first = errors[0];
    const offset = first?.pos[0] ?? 0;
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const where = first ? ` (line ${line}, column ${offset - before.lastIndexOf("\n")} of the text)` : "";
    const reason = (first?.message ?? "not valid YAML").split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? "not valid YAML";
    return { value: void 0, syntaxError: `${reason}${where}`, ignoredDocuments: false };
  }
}
var INT_RANGES = {
  int32: [-2147483648, 2147483647],
  Int32Value: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  UInt32Value: [0, 4294967295],
  int64: [-9223372036854776e3, 9223372036854776e3],
  Int64Value: [-9223372036854776e3, 9223372036854776e3]
};
function numericStringContent(s) {
  const inner = s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(inner)) return void 0;
  return Number(inner);
}
function knownIn(field, version) {
  if (!field.since || !version) return true;
  const [major, minor] = field.since.split(".").map(Number);
  return atLeast(version, major ?? 1, minor ?? 0);
}
function fieldFor(message, key) {
  return fieldsOf(message).find((f) => f.jsonName === key || f.protoName === key);
}
function closestField(key, message, at2, version) {
  const candidates = fieldsOf(message).filter((f) => knownIn(f, version));
  let best;
  let bestDist = Infinity;
  const lower = key.toLowerCase();
  for (const f of candidates) {
    const d = Math.min(editDistance(lower, f.jsonName.toLowerCase()), editDistance(lower, f.protoName));
    if (d < bestDist) {
      bestDist = d;
      best = f;
    }
  }
  if (best && bestDist <= Math.max(2, Math.floor(key.length / 4))) return formatConfigPath([...at2, best.jsonName]);
  if (message === "ProxyConfig" && /^(?:ISTIO_|PILOT_|ENVOY_|DNS_|PROXY_)[A-Z0-9_]*$/.test(key)) return formatConfigPath(["proxyMetadata", key]);
  for (const f of fieldsOf(message)) {
    if (f.repeated || f.map || !PROXY_CONFIG_SCHEMA.has(f.type)) continue;
    const inner = fieldsOf(f.type).find((g) => g.jsonName === key || g.protoName === key);
    if (inner && knownIn(f, version) && knownIn(inner, version)) return formatConfigPath([...at2, f.jsonName, inner.jsonName]);
  }
  return void 0;
}
function checkMessage(v2, message, at2, c) {
  if (!isMapping(v2)) {
    c.errors.push({ path: formatConfigPath(at2), message: `${formatConfigPath(at2)} must be a mapping of ${message.replace(/^.*\./, "")} fields, not ${describe(v2)}` });
    return;
  }
  for (const [key, value] of Object.entries(v2)) {
    const here = [...at2, key];
    const field = fieldFor(message, key);
    if (!field || !knownIn(field, c.version)) {
      const removed = message === "ProxyConfig" ? REMOVED_FIELDS[key] : void 0;
      const newer = field && c.version ? ` in Istio ${c.version.text} (it was added in ${field.since})` : "";
      const suggestion = field || removed ? void 0 : closestField(key, message, at2, c.version);
      const what = removed ? `${formatConfigPath(here)} ${removed}` : `${formatConfigPath(here)} is not a field of ${message.replace(/^.*\./, "")}${newer}`;
      c.unknownFields.push(suggestion ? { path: formatConfigPath(here), message: what, suggestion } : { path: formatConfigPath(here), message: what });
      continue;
    }
    if (key === field.protoName && field.protoName !== field.jsonName && field.jsonName in v2) {
      c.unknownFields.push({ path: formatConfigPath(here), message: `${formatConfigPath(here)} is ignored because ${field.jsonName} is written too (jsonpb keeps the value of the JSON name)` });
      continue;
    }
    checkField(value, field, here, c);
  }
}
function checkField(v2, field, at2, c) {
  if (v2 === null) return;
  if (field.repeated) {
    if (!Array.isArray(v2)) {
      c.errors.push({ path: formatConfigPath(at2), message: `${formatConfigPath(at2)} must be a list, not ${describe(v2)} (jsonpb: "cannot unmarshal ${goKind(v2)} into Go value of type []json.RawMessage")` });
      return;
    }
    v2.forEach((item, i) => {
      if (item !== null) checkSingular(item, field.type, [...at2, i], c);
    });
    return;
  }
  if (field.map) {
    if (!isMapping(v2)) {
      c.errors.push({ path: formatConfigPath(at2), message: `${formatConfigPath(at2)} must be a mapping, not ${describe(v2)}` });
      return;
    }
    for (const [k2, item] of Object.entries(v2)) if (item !== null) checkSingular(item, field.type, [...at2, k2], c);
    return;
  }
  checkSingular(v2, field.type, at2, c);
}
function checkSingular(v2, type, at2, c) {
  const where = formatConfigPath(at2);
  const fail2 = (message, suggestion) => {
    c.errors.push(suggestion !== void 0 ? { path: where, message, suggestion } : { path: where, message });
  };
  if (PROXY_CONFIG_SCHEMA.has(type)) {
    checkMessage(v2, type, at2, c);
    return;
  }
  if (type.startsWith("enum:")) {
    const values = PROXY_CONFIG_ENUMS[type.slice(5)] ?? {};
    if (typeof v2 === "string") {
      if (v2 in values) return;
      const close = Object.keys(values).find((n) => n.toLowerCase() === v2.toLowerCase());
      fail2(`${where} is ${describe(v2)}, which is not one of ${Object.keys(values).join(", ")} (names are case-sensitive)`, close === void 0 ? void 0 : JSON.stringify(close));
      return;
    }
    if (typeof v2 === "number" && Number.isInteger(v2) && v2 >= -2147483648 && v2 <= 2147483647) return;
    fail2(`${where} is ${describe(v2)}; it takes one of ${Object.keys(values).join(", ")}`);
    return;
  }
  switch (type) {
    case "string":
      if (typeof v2 === "string") return;
      if (typeof v2 === "boolean" || typeof v2 === "number") {
        const kind = typeof v2 === "boolean" ? "boolean" : "number";
        fail2(`${where} is the ${kind} ${String(v2)} (YAML reads it unquoted as one), but it takes a string (jsonpb: "cannot unmarshal ${goKind(v2)} into Go value of type string")`, JSON.stringify(String(v2)));
        return;
      }
      fail2(`${where} is ${describe(v2)}, but it takes a string (jsonpb: "cannot unmarshal ${goKind(v2)} into Go value of type string")`);
      return;
    case "bool":
    case "BoolValue":
      if (typeof v2 === "boolean") return;
      if (typeof v2 === "string" && /^(true|false)$/i.test(v2.trim())) {
        fail2(`${where} is ${describe(v2)}, but it takes a boolean and jsonpb refuses quoted ones ("cannot unmarshal string into Go value of type bool")`, v2.trim().toLowerCase());
        return;
      }
      fail2(`${where} is ${describe(v2)}, but it takes a boolean, true or false ("cannot unmarshal ${goKind(v2)} into Go value of type bool")`);
      return;
    case "int32":
    case "Int32Value":
    case "uint32":
    case "UInt32Value":
    case "int64":
    case "Int64Value": {
      const [lo, hi2] = INT_RANGES[type] ?? [0, 0];
      const n = typeof v2 === "number" ? v2 : typeof v2 === "string" ? numericStringContent(v2) : void 0;
      const goType = type.toLowerCase().replace("value", "");
      if (n === void 0 || !Number.isFinite(n)) {
        fail2(`${where} is ${describe(v2)}, but it takes an integer (jsonpb: "cannot unmarshal ${goKind(v2)} into Go value of type ${goType}")`);
      } else if (!Number.isInteger(n) || typeof v2 === "string" && !/^[ \t\r\n]*-?\d+[ \t\r\n]*$/.test(v2)) {
        fail2(`${where} is ${describe(v2)}, but it takes a whole number`);
      } else if (n < lo || n > hi2) {
        fail2(`${where} is ${describe(v2)}, outside the range of ${goType} (${lo}..${hi2})`);
      }
      return;
    }
    case "double":
      if (typeof v2 === "number") return;
      if (typeof v2 === "string" && (["NaN", "Infinity", "-Infinity"].includes(v2) || numericStringContent(v2) !== void 0 && Number.isFinite(numericStringContent(v2)))) return;
      fail2(`${where} is ${describe(v2)}, but it takes a number`);
      return;
    case "Duration": {
      if (typeof v2 === "string") {
        const d = parseGoDuration(v2);
        if (typeof d === "bigint") return;
        const seconds = /^\d+$/.test(v2.trim()) ? `"${v2.trim()}s"` : void 0;
        fail2(`${where} is ${describe(v2)}, which is not a duration (${d})${seconds ? "" : '; durations read like "5s", "1m30s" or "500ms"'}`, seconds);
        return;
      }
      fail2(
        `${where} is ${describe(v2)}, but it takes a duration string such as "5s" (jsonpb: "cannot unmarshal ${goKind(v2)} into Go value of type string")`,
        typeof v2 === "number" && Number.isFinite(v2) && v2 >= 0 ? `"${v2}s"` : void 0
      );
      return;
    }
  }
}
function findNonFinite(v2, at2) {
  if (typeof v2 === "number") return Number.isFinite(v2) ? void 0 : at2;
  if (Array.isArray(v2)) {
    for (let i = 0; i < v2.length; i++) {
      const r7 = findNonFinite(v2[i], [...at2, i]);
      if (r7) return r7;
    }
  } else if (isMapping(v2)) {
    for (const [k2, x] of Object.entries(v2)) {
      const r7 = findNonFinite(x, [...at2, k2]);
      if (r7) return r7;
    }
  }
  return void 0;
}
function parseGoDuration(text) {
  const units = { ns: 1n, us: 1000n, "\xB5s": 1000n, "\u03BCs": 1000n, ms: 1000000n, s: 1000000000n, m: 60000000000n, h: 3600000000000n };
  let s = text;
  let neg = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") return "empty";
  let total = 0n;
  while (s !== "") {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s);
    const whole = m?.[1] ?? "";
    const frac = m?.[2];
    if (whole === "" && (frac === void 0 || frac === "")) return s[0] === "." || /\d/.test(s[0] ?? "") ? "no digits" : `unexpected "${s[0]}"`;
    s = s.slice(m?.[0].length ?? 0);
    const u = /^[^\d.]+/.exec(s)?.[0];
    if (u === void 0) return "missing unit";
    const unit = units[u];
    if (unit === void 0) return `unknown unit "${u}"`;
    s = s.slice(u.length);
    let ns2 = BigInt(whole === "" ? 0 : whole) * unit;
    if (frac) ns2 += BigInt(frac) * unit / 10n ** BigInt(frac.length);
    total += ns2;
    if (total > 9223372036854775807n + (neg ? 1n : 0n)) return "out of range";
  }
  return neg ? -total : total;
}
var MS = 1000000n;
var SECOND = 1000000000n;
function isDns1123Label(label) {
  return label.length <= 63 && /^[a-zA-Z0-9](?:[-a-zA-Z0-9]*[a-zA-Z0-9])?$/.test(label);
}
var isGoInt = (s) => /^[+-]?\d+$/.test(s);
function validFqdn(host) {
  if (host.length === 0 || host.length > 255) return false;
  const parts = host.split(".");
  if (isGoInt(parts[parts.length - 1] ?? "")) return false;
  for (let i = 0; i < parts.length; i++) {
    const label = parts[i] ?? "";
    if (i === parts.length - 1 && label === "") return true;
    if (!isDns1123Label(label)) return false;
  }
  return true;
}
function validIPv4(s) {
  const parts = s.split(".");
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}
function validIPAddress(s) {
  if (validIPv4(s)) return true;
  const pct = s.indexOf("%");
  const addr = pct === -1 ? s : s.slice(0, pct);
  if (pct !== -1 && pct === s.length - 1) return false;
  if (!addr.includes(":")) return false;
  let groups = 8;
  let body = addr;
  const lastColon = body.lastIndexOf(":");
  const tail = body.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (!validIPv4(tail)) return false;
    body = body.slice(0, lastColon + 1) + "0:0";
  }
  const halves = body.split("::");
  if (halves.length > 2) return false;
  const hex = (part) => {
    if (part === "") return [];
    const g = part.split(":");
    return g.every((x) => /^[0-9a-fA-F]{1,4}$/.test(x)) ? g : void 0;
  };
  const left = hex(halves[0] ?? "");
  const right = halves.length === 2 ? hex(halves[1] ?? "") : [];
  if (!left || !right) return false;
  const count = left.length + right.length;
  return halves.length === 2 ? count < groups : count === groups;
}
function proxyAddressProblem(hostPort) {
  const colon = hostPort.lastIndexOf(":");
  if (colon === -1) return "missing port in address";
  let host;
  if (hostPort.startsWith("[")) {
    const end = hostPort.indexOf("]");
    if (end === -1) return "missing ']' in address";
    if (end + 1 === hostPort.length) return "missing port in address";
    if (end + 1 !== colon) return hostPort[end + 1] === ":" ? "too many colons in address" : "missing port in address";
    host = hostPort.slice(1, end);
    if (hostPort.slice(1).includes("[")) return "unexpected '[' in address";
    if (hostPort.slice(end + 1).includes("]")) return "unexpected ']' in address";
  } else {
    host = hostPort.slice(0, colon);
    if (host.includes(":")) return "too many colons in address";
    if (host.includes("[")) return "unexpected '[' in address";
    if (host.includes("]")) return "unexpected ']' in address";
  }
  const port = hostPort.slice(colon + 1);
  if (!isGoInt(port)) return `port "${port}" is not a number`;
  const n = Number(port);
  if (n < 1 || n > 65535) return `port number ${n} must be in the range 1..65535`;
  if (!validFqdn(host) && !validIPAddress(host)) return `"${host}" is not a valid hostname or an IP address`;
  return void 0;
}
function read(obj, jsonKey) {
  if (!isMapping(obj)) return void 0;
  const protoKey = jsonKey.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const v2 = jsonKey in obj ? obj[jsonKey] : obj[protoKey];
  return v2 === null ? void 0 : v2;
}
function oneofMember(obj, members) {
  let chosen;
  for (const m of members) if (read(obj, m) !== void 0) chosen = m;
  return chosen;
}
function durationOf(v2) {
  if (typeof v2 !== "string") return void 0;
  const d = parseGoDuration(v2);
  return typeof d === "bigint" ? d : void 0;
}
function integerOf(v2) {
  const n = typeof v2 === "number" ? v2 : typeof v2 === "string" ? numericStringContent(v2) : void 0;
  return n !== void 0 && Number.isInteger(n) ? n : void 0;
}
function enumNumber(v2, values) {
  if (typeof v2 === "string") return values[v2];
  return typeof v2 === "number" && Number.isInteger(v2) ? v2 : void 0;
}
function validate(pc, version, errors) {
  const add = (path, message) => {
    const where = formatConfigPath(path);
    if (!errors.some((e) => e.path === where)) errors.push({ path: where, message });
  };
  const str3 = (key) => {
    const v2 = read(pc, key);
    return typeof v2 === "string" ? v2 : void 0;
  };
  const address = (path, value, what) => {
    const problem = proxyAddressProblem(value);
    if (problem) add(path, `${what} ${JSON.stringify(value)} is not a valid host:port (${problem})`);
  };
  if (str3("configPath") === "") add(["configPath"], 'configPath is empty ("config path must be set")');
  if (str3("binaryPath") === "") add(["binaryPath"], 'binaryPath is empty ("binary path must be set")');
  if (oneofMember(pc, ["serviceCluster", "tracingServiceName"]) === "serviceCluster" && str3("serviceCluster") === "") {
    add(["serviceCluster"], 'serviceCluster is empty ("service cluster must be specified")');
  }
  const drain = durationOf(read(pc, "drainDuration"));
  if (drain !== void 0) {
    if (drain < MS) add(["drainDuration"], `drainDuration ${JSON.stringify(read(pc, "drainDuration"))} is shorter than 1ms ("invalid drain duration: duration must be greater than 1ms")`);
    else if (drain % MS !== 0n) add(["drainDuration"], `drainDuration ${JSON.stringify(read(pc, "drainDuration"))} is finer than milliseconds ("only durations to ms precision are supported")`);
    else if (drain % SECOND !== 0n) add(["drainDuration"], `drainDuration ${JSON.stringify(read(pc, "drainDuration"))} is not a whole number of seconds ("drain time only supports durations to seconds precision")`);
  }
  const discovery = str3("discoveryAddress");
  if (discovery === "") add(["discoveryAddress"], 'discoveryAddress is empty ("discovery address must be set to the proxy discovery service")');
  else if (discovery !== void 0) address(["discoveryAddress"], discovery, "discoveryAddress");
  const tracing = read(pc, "tracing");
  if (isMapping(tracing)) {
    const tracer = oneofMember(tracing, ["zipkin", "lightstep", "datadog", "stackdriver", "openCensusAgent"]);
    const conf = tracer ? read(tracing, tracer) : void 0;
    if (isMapping(conf) && (tracer === "zipkin" || tracer === "datadog" || tracer === "lightstep")) {
      const raw = read(conf, "address");
      const addr = typeof raw === "string" ? raw : "";
      const at2 = ["tracing", tracer, "address"];
      if (tracer === "lightstep") {
        if (addr === "") add(at2, 'tracing.lightstep.address is missing ("address is required")');
        else address(at2, addr, "tracing.lightstep.address");
        const token = read(conf, "accessToken");
        if (typeof token !== "string" || token === "") add(["tracing", tracer, "accessToken"], 'tracing.lightstep.accessToken is missing ("access token is required")');
      } else {
        const problem = proxyAddressProblem(addr.replace("$(HOST_IP)", "127.0.0.1"));
        if (problem) add(addr === "" && read(conf, "address") === void 0 ? ["tracing", tracer] : at2, addr === "" ? `tracing.${tracer}.address is missing: Istio checks it as host:port (${problem})` : `tracing.${tracer}.address ${JSON.stringify(addr)} is not a valid host:port (${problem})`);
      }
    }
    const tls = read(tracing, "tlsSettings");
    if (isMapping(tls)) {
      const mode = enumNumber(read(tls, "mode"), PROXY_CONFIG_ENUMS.TLSmode ?? {});
      const filled = (k2) => {
        const x = read(tls, k2);
        return typeof x === "string" && x !== "";
      };
      if ((mode === 1 || mode === 2) && filled("credentialName")) {
        for (const k2 of ["clientCertificate", "caCertificates", "privateKey"]) {
          if (filled(k2)) add(["tracing", "tlsSettings", k2], `tracing.tlsSettings.${k2} is set together with credentialName ("cannot specify client certificates or CA certificate If credentialName is set")`);
        }
      } else if (mode === 2) {
        const missing = ["clientCertificate", "privateKey"].filter((k2) => !filled(k2));
        if (missing.length > 0) add(["tracing", "tlsSettings", "mode"], `tracing.tlsSettings uses MUTUAL without ${missing.join(" and ")} ("${missing.map((k2) => k2 === "privateKey" ? "private key" : "client certificate").join('", "')} required for mutual tls")`);
      }
    }
  }
  const statsd = str3("statsdUdpAddress");
  if (statsd) address(["statsdUdpAddress"], statsd, "statsdUdpAddress");
  const metricsAddr = str3("envoyMetricsServiceAddress");
  if (metricsAddr) address(["envoyMetricsServiceAddress"], metricsAddr, "envoyMetricsServiceAddress");
  for (const key of ["envoyMetricsService", "envoyAccessLogService"]) {
    const a = read(read(pc, key), "address");
    if (typeof a === "string" && a !== "") address([key, "address"], a, `${key}.address`);
  }
  for (const key of ["proxyAdminPort", "statusPort"]) {
    const port = integerOf(read(pc, key));
    if (port !== void 0 && (port < 1 || port > 65535)) add([key], `${key} ${port} is outside 1..65535 ("port number ${port} must be in the range 1..65535")`);
  }
  const auth = enumNumber(read(pc, "controlPlaneAuthPolicy"), PROXY_CONFIG_ENUMS.AuthenticationPolicy ?? {});
  if (auth !== void 0 && auth !== 0 && auth !== 1) {
    add(["controlPlaneAuthPolicy"], `controlPlaneAuthPolicy ${JSON.stringify(read(pc, "controlPlaneAuthPolicy"))} is neither NONE nor MUTUAL_TLS ("unrecognized control plane auth policy")`);
  }
  const pkp = read(pc, "privateKeyProvider");
  if (isMapping(pkp)) {
    const provider = oneofMember(pkp, ["cryptomb", "qat"]);
    const conf = provider ? read(pkp, provider) : void 0;
    if (!provider) add(["privateKeyProvider"], 'privateKeyProvider names no provider: set cryptomb or qat ("private key provider configuration is required")');
    else if (isMapping(conf)) {
      const raw = read(conf, "pollDelay");
      const delay = durationOf(raw);
      if (raw === void 0) add(["privateKeyProvider", provider], `privateKeyProvider.${provider}.pollDelay is missing ("pollDelay is required")`);
      else if (delay === 0n) add(["privateKeyProvider", provider, "pollDelay"], `privateKeyProvider.${provider}.pollDelay is zero ("pollDelay must be non zero")`);
    }
  }
  const cs2 = read(pc, "connectionSettings");
  if (isMapping(cs2) && (!version || atLeast(version, 1, 31))) {
    const nonNegative = ["listenerPerConnectionBufferLimitBytes", "clusterPerConnectionBufferLimitBytes"];
    const positive = ["httpMaxConcurrentStreams", "listenerConnectionLimit", "globalDownstreamConnectionLimit"];
    const windows = ["http2InitialStreamWindowSize", "http2InitialConnectionWindowSize"];
    const durations = ["httpIdleTimeout", "httpMaxConnectionDuration", "httpDrainTimeout", "httpRequestTimeout", "httpRequestHeadersTimeout", "httpStreamIdleTimeout", "httpMaxStreamDuration"];
    for (const k2 of nonNegative) {
      const n = integerOf(read(cs2, k2));
      if (n !== void 0 && n < 0) add(["connectionSettings", k2], `connectionSettings.${k2} is negative ("must be non-negative")`);
    }
    for (const k2 of positive) {
      const n = integerOf(read(cs2, k2));
      if (n !== void 0 && n <= 0) add(["connectionSettings", k2], `connectionSettings.${k2} is ${n} ("must be positive")`);
    }
    for (const k2 of windows) {
      const n = integerOf(read(cs2, k2));
      if (n !== void 0 && n < 65535) add(["connectionSettings", k2], `connectionSettings.${k2} is ${n} ("must be at least 65535")`);
    }
    for (const k2 of durations) {
      const d = durationOf(read(cs2, k2));
      if (d !== void 0 && d < 0n) add(["connectionSettings", k2], `connectionSettings.${k2} is negative ("must be non-negative")`);
    }
  }
}
function parseProxyConfig(text, version) {
  const reading = readText(text);
  if (reading.syntaxError !== void 0) return { value: void 0, syntaxError: reading.syntaxError, errors: [], unknownFields: [] };
  const v2 = reading.value;
  const unknownFields = [];
  if (reading.ignoredDocuments) {
    unknownFields.push({ path: "", message: "the text has more than one YAML document: Istio reads the first one and ignores everything after `---`" });
  }
  if (v2 === null || v2 === void 0) return { value: {}, syntaxError: void 0, errors: [], unknownFields };
  if (!isMapping(v2)) {
    return { value: void 0, syntaxError: `it is ${describe(v2)}, not a mapping of ProxyConfig fields`, errors: [], unknownFields };
  }
  const errors = [];
  const nonFinite = findNonFinite(v2, []);
  if (nonFinite) {
    errors.push({ path: formatConfigPath(nonFinite), message: `${formatConfigPath(nonFinite)} is not a finite number (.inf or .nan): Istio cannot convert the text to JSON ("json: unsupported value")` });
  }
  const c = { version, errors, unknownFields };
  checkMessage(v2, "ProxyConfig", [], c);
  validate(v2, version, errors);
  return { value: v2, syntaxError: void 0, errors, unknownFields };
}
function holdFromProxyConfig(text) {
  const parsed = parseProxyConfig(text);
  if (parsed.syntaxError !== void 0 || parsed.errors.length > 0) return void 0;
  return holdFromProxyConfigObject(parsed.value);
}
function holdFromProxyConfigObject(value) {
  const v2 = read(value, "holdApplicationUntilProxyStarts");
  return typeof v2 === "boolean" ? v2 : void 0;
}
var lastLocated;
function locateInProxyConfig(text, path) {
  if (lastLocated?.text !== text) lastLocated = { text, doc: parseLenient(text) };
  const doc = lastLocated.doc;
  if (doc.errors.some((e) => e.code !== "MULTIPLE_DOCS")) return void 0;
  let node = doc.contents;
  let key;
  let keyName;
  let complete = true;
  for (const step of parseConfigPath(path)) {
    let next;
    if ((0, import_yaml8.isMap)(node)) {
      for (const p of node.items) {
        if (!(0, import_yaml8.isPair)(p)) continue;
        const k2 = p.key;
        if ((0, import_yaml8.isScalar)(k2) && k2.range && String(k2.value) === String(step)) {
          next = p.value;
          key = [k2.range[0], k2.range[1]];
          keyName = String(k2.value);
        }
      }
    } else if ((0, import_yaml8.isSeq)(node) && typeof step === "number") {
      next = node.items[step];
      if (next?.range) {
        key = [next.range[0], next.range[1]];
        keyName = void 0;
      }
    }
    if (next === void 0) {
      complete = false;
      break;
    }
    node = next;
  }
  const value = complete && node?.range ? [node.range[0], node.range[1]] : void 0;
  return { key, value, keyName, complete };
}

// src/model/sidecar.ts
var NATIVE_SIDECAR_ANNOTATION = "sidecar.istio.io/nativeSidecar";
var PROXY_CONFIG_ANNOTATION = "proxy.istio.io/config";
var INTERCEPTION_MODE_ANNOTATION = "sidecar.istio.io/interceptionMode";
var STATUS_PORT_ANNOTATION = "status.sidecar.istio.io/port";
var TEMPLATES_ANNOTATION = "inject.istio.io/templates";
var ISTIO_CONTAINER_NAMES = /* @__PURE__ */ new Set(["istio-proxy", "istio-init", "istio-validation"]);
function injectionTemplates(t) {
  const value = labelString(t.annotations[TEMPLATES_ANNOTATION]);
  return value === void 0 ? void 0 : value.split(",").map((s) => s.trim());
}
function nativeSidecarsFor(t, install, version) {
  const annotation2 = labelString(t.annotations[NATIVE_SIDECAR_ANNOTATION]);
  if (annotation2 !== void 0 && annotation2 !== "" && atLeast(version, 1, 24)) {
    const native = atLeast(version, 1, 27) ? annotation2 !== "false" : annotation2 === "true";
    return { value: native, why: `the pod's annotation ${NATIVE_SIDECAR_ANNOTATION}: "${annotation2}" ${native ? "turns native sidecars on" : "turns native sidecars off"}`, path: templatePath(t, "metadata", "annotations", NATIVE_SIDECAR_ANNOTATION) };
  }
  const stated = install.nativeSidecars;
  if (stated) {
    if (stated.value === "auto") {
      return { value: "unknown", why: `${stated.source} is "auto": native sidecars only if every node runs Kubernetes 1.33 or later`, stated };
    }
    return { value: stated.value === "true", why: `${stated.source} is "${stated.value}"`, stated };
  }
  if (atLeast(version, 1, 27)) {
    return { value: "unknown", why: `ENABLE_NATIVE_SIDECARS is not stated, and from Istio 1.27 its default "auto" turns native sidecars on only if every node runs Kubernetes 1.33 or later (state it in the config: istio.nativeSidecars)` };
  }
  return { value: false, why: "ENABLE_NATIVE_SIDECARS defaults to false before Istio 1.27" };
}
function holdFor(t, install) {
  const text = labelString(t.annotations[PROXY_CONFIG_ANNOTATION]);
  const fromPod = text !== void 0 ? holdFromProxyConfig(text) : void 0;
  const podPath = templatePath(t, "metadata", "annotations", PROXY_CONFIG_ANNOTATION);
  if (install.holdValues?.value === true) return { value: true, why: `${install.holdValues.source} is true`, stated: install.holdValues };
  if (fromPod !== void 0) return { value: fromPod, why: `the pod's ${PROXY_CONFIG_ANNOTATION} sets holdApplicationUntilProxyStarts: ${fromPod}`, path: podPath };
  if (install.holdMesh) return { value: install.holdMesh.value, why: `${install.holdMesh.source} is ${install.holdMesh.value}`, stated: install.holdMesh };
  if (install.holdValues?.value === false) return { value: false, why: `neither the pod nor the mesh config sets it, and ${install.holdValues.source} is false`, stated: install.holdValues };
  return { value: "unknown", why: "neither the pod's proxy.istio.io/config nor a known mesh config sets it (Istio's default is false; no mesh ConfigMap or IstioOperator among the inputs, nothing in the config file: istio.holdApplicationUntilProxyStarts)" };
}
function cniFor(install) {
  const c = install.cni;
  if (!c) return { value: "unknown", why: "whether Istio CNI is enabled is not stated (no injector ConfigMap, IstioOperator or istio-cni DaemonSet among the inputs; state it in the config: istio.cni)" };
  return { value: c.value, why: `${c.source} is ${c.value}`, stated: c };
}
function hasAppContainers(t) {
  const templates2 = injectionTemplates(t);
  if (templates2 !== void 0 && !templates2.includes("sidecar")) return false;
  return t.containers.some((c) => c.group === "containers" && c.name !== "istio-proxy");
}
var plans = /* @__PURE__ */ new WeakMap();
function sidecarPlan(t, facts) {
  let byFacts = plans.get(t);
  const hit = byFacts?.get(facts);
  if (hit) return hit;
  const plan = buildPlan(t, facts);
  if (!byFacts) {
    byFacts = /* @__PURE__ */ new WeakMap();
    plans.set(t, byFacts);
  }
  byFacts.set(facts, plan);
  return plan;
}
function buildPlan(t, facts) {
  const prediction = predictForTemplate(t, facts);
  const revision = prediction.via?.revision ?? "default";
  const install = facts.mesh.installFor(revision);
  return {
    prediction,
    revision,
    install,
    native: nativeSidecarsFor(t, install, facts.mesh.version),
    hold: holdFor(t, install),
    cni: cniFor(install)
  };
}
var SIDECAR_STATUS_ANNOTATION = "sidecar.istio.io/status";
function renderedProxy(t) {
  if (!Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION)) return void 0;
  const proxy = t.containers.find((c) => c.name === "istio-proxy" && c.group !== "ephemeralContainers");
  if (!proxy) return void 0;
  const o = proxy.object;
  const postStart = JSON.stringify(o.lifecycle?.postStart ?? null);
  return {
    native: proxy.group === "initContainers" && o.restartPolicy === "Always",
    first: proxy.group === "containers" && proxy.index === 0,
    holdHook: /pilot-agent/.test(postStart) && /"wait"/.test(postStart),
    startupProbe: o.startupProbe !== void 0 && o.startupProbe !== null,
    path: proxy.path
  };
}
function metadataAnchor(t) {
  const holder = asObject(getIn(t.resource.object, t.path));
  return holder && Object.hasOwn(holder, "metadata") ? templatePath(t, "metadata") : t.path;
}
function annotationAnchor(t) {
  return Object.hasOwn(t.metadata, "annotations") ? templatePath(t, "metadata", "annotations") : metadataAnchor(t);
}

// rules/startup-order-hold.ts
var IGNORE_SCHEMA = {
  type: "string",
  "x-format": "label-selector",
  description: 'label selector (kubectl syntax, e.g. "app in (batch),tier!=web") of pod templates not to report'
};
var HOLD_ANNOTATION_VALUE = '{"holdApplicationUntilProxyStarts": true}';
function relatedOfPlan(plan) {
  const out = [];
  for (const d of [plan.native, plan.hold]) {
    if (d.stated?.target) out.push({ target: d.stated.target, message: d.stated.source });
  }
  return out;
}
var startup_order_hold_default = createRule({
  name: "startup-order-hold",
  meta: {
    type: "problem",
    docs: {
      description: "Injected pods whose app containers can start before the sidecar is ready",
      defaultLevel: "warn",
      precision: "high",
      category: "startup",
      istioVersions: ">= 1.7"
    },
    messages: {
      noHold: `This pod gets a classic sidecar ({{ native }}) and holdApplicationUntilProxyStarts is off ({{ hold }}): its app containers start alongside istio-proxy, and connections they open before Envoy is ready fail (Istio #11130). Add the pod annotation proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}', set meshConfig.defaultConfig.holdApplicationUntilProxyStarts for the mesh, or use native sidecars.`,
      maybeNoHold: `This pod {{ gets }} a classic sidecar ({{ native }}) and holdApplicationUntilProxyStarts is {{ holdState }} ({{ hold }}): if so, its app containers start alongside istio-proxy and connections they open before Envoy is ready fail (Istio #11130). Add the pod annotation proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}', or state the mesh's settings in .meshlint.yaml (istio.nativeSidecars, istio.holdApplicationUntilProxyStarts).`,
      lifecycleReplacesHold: "holdApplicationUntilProxyStarts is on ({{ hold }}), but {{ lifecycle }} sets a custom proxy lifecycle, which replaces the `pilot-agent wait` postStart hook in the injection template: istio-proxy moves first but nothing waits for it to be ready. Add `pilot-agent wait` to the custom postStart hook, or drop global.proxy.lifecycle.",
      nativeNoProbe: `This pod gets a native sidecar ({{ native }}), but status.sidecar.istio.io/port "0" turns off the proxy's status port, so the injection template renders no startupProbe: kubelet starts the app containers as soon as istio-proxy has started, not when it is ready. Remove the annotation, or keep a status port.`,
      renderedNoHold: "The istio-proxy container in this pod is a classic sidecar without the `pilot-agent wait` postStart hook{{ notFirst }}: the app containers can start before Envoy is ready, and their first connections fail (Istio #11130). Re-inject with holdApplicationUntilProxyStarts on, or with native sidecars.",
      addHold: `Add proxy.istio.io/config: '{"holdApplicationUntilProxyStarts": true}' to the pod template`
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        properties: {
          ignore: IGNORE_SCHEMA
        },
        additionalProperties: false
      }
    ]
  },
  defaultOptions: [{}],
  create(context, [options]) {
    let ignore2;
    if (options.ignore) ignore2 = parseSelectorString(options.ignore);
    const ignored = (t) => {
      if (!ignore2) return false;
      const labels = {};
      for (const [k2, v2] of Object.entries(t.labels)) labels[k2] = labelString(v2) ?? "";
      return matches(ignore2, knownLabels(labels)) === true;
    };
    return {
      PodTemplate(t) {
        if (ignored(t)) return;
        if (!hasAppContainers(t)) return;
        const rendered = renderedProxy(t);
        if (rendered) {
          if (rendered.native || rendered.first && rendered.holdHook) return;
          context.report({
            target: { resource: t.resource, path: rendered.path },
            messageId: "renderedNoHold",
            data: { notFirst: rendered.first ? "" : ", and it is not the first container" }
          });
          return;
        }
        const plan = sidecarPlan(t, context.facts);
        if (plan.prediction.outcome !== "injected") return;
        const related = relatedOfPlan(plan);
        if (plan.native.value === true) {
          if (labelString(t.annotations[STATUS_PORT_ANNOTATION]) === "0") {
            context.report({
              target: { resource: t.resource, path: templatePath(t, "metadata", "annotations", STATUS_PORT_ANNOTATION) },
              messageId: "nativeNoProbe",
              data: { native: plan.native.why },
              related
            });
          }
          return;
        }
        if (plan.hold.value === true) {
          const lifecycle = plan.install.proxyLifecycle;
          if (lifecycle) {
            context.report({
              target: plan.hold.path ? { resource: t.resource, path: plan.hold.path } : { resource: t.resource, path: annotationAnchor(t) },
              messageId: "lifecycleReplacesHold",
              data: { hold: plan.hold.why, lifecycle: lifecycle.source },
              related: lifecycle.target ? [...related, { target: lifecycle.target, message: lifecycle.source }] : related
            });
          }
          return;
        }
        const known = plan.native.value === false && plan.hold.value === false;
        const hasProxyConfig = Object.hasOwn(t.annotations, PROXY_CONFIG_ANNOTATION);
        const anchor = hasProxyConfig ? templatePath(t, "metadata", "annotations", PROXY_CONFIG_ANNOTATION) : annotationAnchor(t);
        const suggestion = !hasProxyConfig && Object.hasOwn(t.metadata, "annotations") ? [{ op: "insert", path: templatePath(t, "metadata", "annotations"), key: PROXY_CONFIG_ANNOTATION, value: HOLD_ANNOTATION_VALUE }] : [];
        context.report({
          target: { resource: t.resource, path: anchor },
          messageId: known ? "noHold" : "maybeNoHold",
          data: {
            native: plan.native.why,
            hold: plan.hold.why,
            gets: plan.native.value === false ? "gets" : "may get",
            holdState: plan.hold.value === false ? "off" : "not known to be on"
          },
          suggest: suggestion.length > 0 ? [{ messageId: "addHold", edits: suggestion }] : void 0,
          related
        });
      }
    };
  }
});

// rules/job-sidecar-never-exits.ts
var JOB_KINDS = /* @__PURE__ */ new Set(["Job", "CronJob"]);
function commandLine(c) {
  const parts = [c.object.command, c.object.args].flatMap((v2) => Array.isArray(v2) ? v2 : []);
  return parts.filter((p) => typeof p === "string").join(" ");
}
function quitCall(t) {
  let other;
  for (const c of t.containers) {
    const line = commandLine(c);
    if (!/quitquitquit/.test(line)) continue;
    if (/\bPOST\b|(^|\s)(-X\s*POST|--request[\s=]+POST|-d|--data(-\w+)?|--json|--post-data|--post-file|--method[\s=]+POST)(\s|=|$)/i.test(line)) return { kind: "post", container: c };
    other ??= c;
  }
  return other ? { kind: "other", container: other } : void 0;
}
var job_sidecar_never_exits_default = createRule({
  name: "job-sidecar-never-exits",
  meta: {
    type: "problem",
    docs: {
      description: "Jobs and CronJobs injected with a classic sidecar, which keeps them from ever completing",
      defaultLevel: "warn",
      precision: "high",
      category: "startup",
      istioVersions: "all"
    },
    messages: {
      classic: `This {{ kind }}'s pods get a classic istio-proxy sidecar ({{ native }}), which never exits on its own: the pod, and the {{ kind }}, never complete (Istio #11659). Annotate the pod template sidecar.istio.io/nativeSidecar: "true" (Kubernetes 1.29 or later), have the job POST to http://localhost:15020/quitquitquit when it is done, or label the pod template sidecar.istio.io/inject: "false".`,
      maybeClassic: `This {{ kind }}'s pods may get a classic istio-proxy sidecar ({{ native }}); if so, the sidecar never exits and the {{ kind }} never completes (Istio #11659). Annotate the pod template sidecar.istio.io/nativeSidecar: "true" (Kubernetes 1.29 or later), have the job POST to http://localhost:15020/quitquitquit when it is done, or state istio.nativeSidecars in .meshlint.yaml.`,
      rendered: "The istio-proxy container of this {{ kind }} is a classic sidecar, which never exits on its own: the pod, and the {{ kind }}, never complete (Istio #11659). Re-inject with native sidecars, or have the job POST to http://localhost:15020/quitquitquit when it is done.",
      notPost: "Container {{ container }} calls /quitquitquit, but not with POST: the agent answers anything else with 405, so istio-proxy keeps running and the {{ kind }} never completes. Use curl -fsS -X POST http://localhost:15020/quitquitquit.",
      addNative: 'Annotate the pod template sidecar.istio.io/nativeSidecar: "true"'
    },
    hasSuggestions: true,
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!JOB_KINDS.has(t.resource.kind)) return;
        const kind = t.resource.kind;
        if (!hasAppContainers(t)) return;
        const rendered = renderedProxy(t);
        let classic;
        let native = "";
        let related = [];
        let nativePath;
        if (rendered) {
          if (rendered.native) return;
          classic = "rendered";
        } else {
          const plan = sidecarPlan(t, context.facts);
          if (plan.prediction.outcome !== "injected" || plan.native.value === true) return;
          classic = plan.native.value === false ? "classic" : "maybeClassic";
          native = plan.native.why;
          nativePath = plan.native.path;
          if (plan.native.stated?.target) related = [{ target: plan.native.stated.target, message: plan.native.stated.source }];
        }
        const quit = quitCall(t);
        if (quit?.kind === "post") return;
        if (quit) {
          context.report({
            target: { resource: t.resource, path: [...quit.container.path, Array.isArray(quit.container.object.command) ? "command" : "args"] },
            messageId: "notPost",
            data: { container: quit.container.name, kind }
          });
          return;
        }
        const canInsert = Object.hasOwn(t.metadata, "annotations") && !Object.hasOwn(t.annotations, NATIVE_SIDECAR_ANNOTATION);
        const edits = canInsert ? [{ op: "insert", path: templatePath(t, "metadata", "annotations"), key: NATIVE_SIDECAR_ANNOTATION, value: "true" }] : [];
        context.report({
          target: { resource: t.resource, path: rendered ? rendered.path : nativePath ?? annotationAnchor(t) },
          messageId: classic,
          data: { kind, native },
          suggest: !rendered && edits.length > 0 ? [{ messageId: "addNative", edits }] : void 0,
          related
        });
      }
    };
  }
});

// rules/pod-security-istio-init.ts
var ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";
var CAP_NET_BIND_SERVICE_ANNOTATION = "sidecar.istio.io/capNetBindService";
function enforcedLevel(labels) {
  const v2 = labels[ENFORCE_LABEL];
  return v2 === "baseline" || v2 === "restricted" ? v2 : void 0;
}
var bool = (v2) => typeof v2 === "boolean" ? v2 : void 0;
var strings2 = (v2) => Array.isArray(v2) ? v2.filter((s) => typeof s === "string") : [];
function securityOf(securityContext) {
  const sc = asObject(securityContext) ?? {};
  const caps = asObject(sc.capabilities) ?? {};
  const seccomp = asObject(sc.seccompProfile)?.type;
  return {
    privileged: bool(sc.privileged),
    allowPrivilegeEscalation: bool(sc.allowPrivilegeEscalation),
    capAdd: strings2(caps.add),
    capDrop: strings2(caps.drop),
    runAsUser: typeof sc.runAsUser === "number" ? sc.runAsUser : void 0,
    runAsNonRoot: bool(sc.runAsNonRoot),
    seccompType: typeof seccomp === "string" ? seccomp : void 0
  };
}
var BASELINE_CAPS = /* @__PURE__ */ new Set(["AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD", "NET_BIND_SERVICE", "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT"]);
var validSeccomp = (t) => t === "RuntimeDefault" || t === "Localhost";
function hasSeccomp(c, pod) {
  return validSeccomp(c.seccompType ?? pod.seccompType);
}
function psaViolations(level, c, pod) {
  const out = [];
  if (c.privileged === true) out.push("privileged");
  const nonDefault = c.capAdd.filter((cap) => !BASELINE_CAPS.has(cap));
  if (nonDefault.length) out.push(`non-default capabilities (${nonDefault.join(", ")})`);
  if (level === "baseline") return out;
  if (c.allowPrivilegeEscalation !== false) out.push("allowPrivilegeEscalation != false");
  const extra = c.capAdd.filter((cap) => cap !== "NET_BIND_SERVICE");
  if (!c.capDrop.includes("ALL") || extra.length) out.push("unrestricted capabilities");
  if ((c.runAsNonRoot ?? pod.runAsNonRoot) !== true) out.push("runAsNonRoot != true");
  if (c.runAsUser === 0 || c.runAsUser === void 0 && pod.runAsUser === 0) out.push("runAsUser=0");
  if (!hasSeccomp(c, pod)) out.push("seccompProfile not RuntimeDefault or Localhost");
  return out;
}
function plannedIstioContainer(name, opts) {
  const seccompType = opts.proxySeccomp ? "RuntimeDefault" : void 0;
  const base = { privileged: false, allowPrivilegeEscalation: false, capDrop: ["ALL"], seccompType };
  if (name === "istio-init") return { ...base, capAdd: ["NET_ADMIN", "NET_RAW"], runAsUser: 0, runAsNonRoot: false };
  if (name === "istio-validation") return { ...base, capAdd: [], runAsUser: 1337, runAsNonRoot: true };
  if (opts.tproxy || opts.capNetBindService) {
    return { ...base, capAdd: [...opts.tproxy ? ["NET_ADMIN"] : [], ...opts.capNetBindService ? ["NET_BIND_SERVICE"] : []], runAsUser: 0, runAsNonRoot: false };
  }
  return { ...base, capAdd: [], runAsUser: 1337, runAsNonRoot: true };
}
var isSeccompViolation = (v2) => v2.startsWith("seccompProfile");
function appContainersHaveSeccomp(t) {
  return t.containers.filter((c) => c.group !== "ephemeralContainers" && !ISTIO_CONTAINER_NAMES.has(c.name)).every((c) => validSeccomp(securityOf(c.object.securityContext).seccompType));
}
var describe2 = (violations) => violations.join("; ");
var pod_security_istio_init_default = createRule({
  name: "pod-security-istio-init",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Injected pods that Pod Security admission rejects: istio-init (no CNI), TPROXY or a missing seccompProfile",
      defaultLevel: "error",
      precision: "high",
      category: "admission",
      istioVersions: "all"
    },
    messages: {
      istioInit: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" ({{ label }}), and this pod gets istio-init because Istio CNI is off ({{ cni }}): istio-init fails {{ level }} ({{ violations }}), so admission rejects every pod (violates PodSecurity "{{ level }}:latest", Istio #35894). Enable Istio CNI (pilot.cni.enabled=true), or label the pod template sidecar.istio.io/inject: "false"; relabelling the namespace privileged also works but drops its protection.',
      istioInitCniUnknown: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" ({{ label }}), and this pod is injected, but {{ cni }}. Without CNI the pod gets istio-init, which fails {{ level }} ({{ violations }}), and admission rejects every pod (Istio #35894). Enable Istio CNI (pilot.cni.enabled=true) and say so in .meshlint.yaml (istio.cni: true), or label the pod template sidecar.istio.io/inject: "false".',
      proxyRoot: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" ({{ label }}), and {{ annotation }}: "{{ value }}" makes the injected istio-proxy run as root{{ withCaps }}: it fails {{ level }} ({{ violations }}) even with Istio CNI, so admission rejects the pod. Remove the annotation, or run this workload in a namespace that enforces less.',
      seccomp: `Namespace {{ namespace }} enforces Pod Security "restricted" ({{ label }}), which needs a seccompProfile on every container, and Istio's injected {{ containers }} carry none ({{ seccomp }}): admission rejects the pod. Set securityContext.seccompProfile.type: RuntimeDefault for the pod, or global.proxy.seccompProfile in the Istio install.`,
      rendered: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" ({{ label }}), and the injected container {{ container }} fails it ({{ violations }}): admission rejects the pod. Re-inject it with Istio CNI on and without TPROXY or capNetBindService{{ restrictedHint }}, or run it in a namespace that enforces less.',
      namespace: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" and enables sidecar injection ({{ injection }}), but Istio CNI is off ({{ cni }}): every injected pod gets istio-init ({{ violations }}), which admission rejects (Istio #35894). Enable Istio CNI (pilot.cni.enabled=true), or stop injecting this namespace; enforcing privileged also works but drops its protection.',
      namespaceCniUnknown: 'Namespace {{ namespace }} enforces Pod Security "{{ level }}" and enables sidecar injection ({{ injection }}), but {{ cni }}. Without CNI every injected pod gets istio-init ({{ violations }}), which admission rejects (Istio #35894). Enable Istio CNI and say so in .meshlint.yaml (istio.cni: true), or stop injecting this namespace.',
      addSeccomp: "Add seccompProfile.type: RuntimeDefault to the pod's securityContext"
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    const enforcing = [];
    const namespacesWithTemplates = /* @__PURE__ */ new Set();
    const labelText = (level) => `${ENFORCE_LABEL}=${level}`;
    const enforceRelated = (ns2, level) => {
      const loc = namespaceLabelLocation(ns2, ENFORCE_LABEL, `namespace ${ns2.name} enforces Pod Security "${level}"`);
      return loc ? [loc] : [];
    };
    const cniRelated = (cni) => cni.stated?.target ? [{ target: cni.stated.target, message: `Istio CNI: ${cni.stated.source}` }] : [];
    const checkRendered = (t, ns2, level) => {
      const pod = securityOf(t.spec.securityContext);
      const appSeccomp = appContainersHaveSeccomp(t);
      for (const c of t.containers) {
        if (c.group === "ephemeralContainers" || !ISTIO_CONTAINER_NAMES.has(c.name)) continue;
        const violations = psaViolations(level, securityOf(c.object.securityContext), pod).filter((v2) => appSeccomp || !isSeccompViolation(v2));
        if (violations.length === 0) continue;
        reportRendered(t, c, ns2, level, violations);
      }
    };
    const reportRendered = (t, c, ns2, level, violations) => {
      context.report({
        target: { resource: t.resource, path: c.path },
        messageId: "rendered",
        data: {
          namespace: ns2.name,
          level,
          label: labelText(level),
          container: c.name,
          violations: describe2(violations),
          restrictedHint: level === "restricted" ? ", with a pod-level seccompProfile" : ""
        },
        related: enforceRelated(ns2, level)
      });
    };
    return {
      Namespace(r7) {
        const fact = facts.namespaces.get(r7.name);
        if (fact?.origin !== "input" || enforcing.some((e) => e.fact.name === r7.name)) return;
        const level = enforcedLevel(fact.labels);
        if (level) enforcing.push({ resource: r7, fact, level });
      },
      PodTemplate(t) {
        if (t.resource.namespace !== void 0) namespacesWithTemplates.add(t.resource.namespace);
        const ns2 = namespaceOf(t, facts);
        if (!ns2) return;
        const level = enforcedLevel(ns2.labels);
        if (!level) return;
        if (Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION)) {
          checkRendered(t, ns2, level);
          return;
        }
        const plan = sidecarPlan(t, facts);
        if (plan.prediction.outcome !== "injected") return;
        const templates2 = injectionTemplates(t);
        if (templates2 !== void 0 && (templates2.length !== 1 || templates2[0] !== "sidecar")) return;
        const mode = labelString(t.annotations[INTERCEPTION_MODE_ANNOTATION]) ?? "REDIRECT";
        const capNetBind = labelString(t.annotations[CAP_NET_BIND_SERVICE_ANNOTATION]) === "true";
        const proxySeccomp = plan.install.proxySeccompProfile;
        const opts = { tproxy: mode === "TPROXY", capNetBindService: capNetBind, proxySeccomp: proxySeccomp?.value === true };
        const pod = securityOf(t.spec.securityContext);
        const related = enforceRelated(ns2, level);
        const common = { namespace: ns2.name, level, label: labelText(level) };
        let initReported = false;
        if (mode !== "NONE" && plan.cni.value !== true) {
          const violations = psaViolations(level, plannedIstioContainer("istio-init", opts), pod);
          context.report({
            target: { resource: t.resource, path: metadataAnchor(t) },
            messageId: plan.cni.value === false ? "istioInit" : "istioInitCniUnknown",
            ...plan.cni.value === false ? {} : { severity: "warn" },
            data: { ...common, cni: plan.cni.why, violations: describe2(violations) },
            related: [...related, ...cniRelated(plan.cni)]
          });
          initReported = true;
        }
        if (opts.tproxy || opts.capNetBindService) {
          const violations = psaViolations(level, plannedIstioContainer("istio-proxy", opts), pod).filter((v2) => !isSeccompViolation(v2));
          if (violations.length) {
            const annotation2 = opts.tproxy ? INTERCEPTION_MODE_ANNOTATION : CAP_NET_BIND_SERVICE_ANNOTATION;
            context.report({
              target: { resource: t.resource, path: templatePath(t, "metadata", "annotations", annotation2) },
              messageId: "proxyRoot",
              data: { ...common, annotation: annotation2, value: opts.tproxy ? "TPROXY" : "true", withCaps: opts.tproxy ? " with NET_ADMIN" : "", violations: describe2(violations) },
              related
            });
          }
        }
        if (level !== "restricted" || initReported || hasSeccomp(plannedIstioContainer("istio-proxy", opts), pod)) return;
        if (!appContainersHaveSeccomp(t)) return;
        const containers = mode === "NONE" ? "istio-proxy" : "istio-validation and istio-proxy";
        const seccompWhy = proxySeccomp ? `${proxySeccomp.source} is not set` : "global.proxy.seccompProfile is not set by default, and no injector ConfigMap or IstioOperator among the inputs says otherwise";
        const scPath = templatePath(t, "spec", "securityContext");
        const sc = asObject(t.spec.securityContext);
        const suggest = sc && Object.keys(sc).length > 0 && !Object.hasOwn(sc, "seccompProfile") ? [{ messageId: "addSeccomp", edits: [{ op: "insert", path: scPath, key: "seccompProfile", value: { type: "RuntimeDefault" } }] }] : [];
        context.report({
          target: { resource: t.resource, path: sc ? scPath : templatePath(t, "spec") },
          messageId: "seccomp",
          ...proxySeccomp ? {} : { severity: "warn" },
          data: { ...common, containers, seccomp: seccompWhy },
          related: proxySeccomp?.target ? [...related, { target: proxySeccomp.target, message: proxySeccomp.source }] : related,
          suggest
        });
      },
      "Program:exit"() {
        for (const { resource, fact, level } of enforcing) {
          if (namespacesWithTemplates.has(fact.name)) continue;
          const finding = namespaceFinding(fact, facts);
          if (!finding) continue;
          const violations = psaViolations(level, plannedIstioContainer("istio-init", { tproxy: false, capNetBindService: false, proxySeccomp: false }), securityOf(void 0));
          context.report({
            target: { resource, path: ["metadata", "labels", ENFORCE_LABEL] },
            messageId: finding.cni.value === false ? "namespace" : "namespaceCniUnknown",
            ...finding.cni.value === false ? {} : { severity: "warn" },
            data: { namespace: fact.name, level, injection: finding.injection, cni: finding.cni.why, violations: describe2(violations.filter((v2) => !isSeccompViolation(v2))) },
            related: [...finding.related, ...cniRelated(finding.cni)]
          });
        }
      }
    };
  }
});
function namespaceFinding(ns2, facts) {
  const prediction = predictInjection({
    pod: { hostNetwork: false, namespace: ns2.name, labels: {}, annotations: {} },
    namespaceLabels: { known: ns2.labels, complete: true },
    namespaceKnown: true,
    webhooks: facts.mesh.webhooks,
    injectorFor: (rev) => facts.mesh.injectorFor(rev),
    version: facts.mesh.version
  });
  if (prediction.outcome !== "injected" || !prediction.via) return void 0;
  const cni = cniFor(facts.mesh.installFor(prediction.via.revision));
  if (cni.value === true) return void 0;
  const key = ns2.labels[NS_INJECTION_LABEL] !== void 0 ? NS_INJECTION_LABEL : ns2.labels[REV_LABEL] !== void 0 ? REV_LABEL : void 0;
  const injection = key ? `${key}=${ns2.labels[key]}` : `injector webhook ${prediction.via.name}`;
  const loc = key ? namespaceLabelLocation(ns2, key, `namespace ${ns2.name}: ${key}=${ns2.labels[key]}`) : void 0;
  return { cni, injection, related: loc ? [loc] : [] };
}

// src/model/annotation-validation.ts
var quote = (s) => JSON.stringify(s);
var DIGITS = /^[0-9]+$/;
function goParseUintProblem(s, bits, what = "number") {
  if (s === "") return `an empty value is not a ${what}`;
  if (!DIGITS.test(s)) {
    if (s !== s.trim() && DIGITS.test(s.trim())) return `${quote(s)} has spaces around it, which Istio does not trim here`;
    return `${quote(s)} is not a ${what} (only the digits 0-9)`;
  }
  const max = (1n << BigInt(bits)) - 1n;
  if (BigInt(s) > max) return `${quote(s)} is above ${max} (the largest ${what} here)`;
  return void 0;
}
function goParseInt64(s) {
  const sign = s[0] === "-" || s[0] === "+" ? s[0] : "";
  const digits = s.slice(sign.length);
  if (!DIGITS.test(digits)) return void 0;
  const v2 = sign === "-" ? -BigInt(digits) : BigInt(digits);
  if (v2 > (1n << 63n) - 1n || v2 < -(1n << 63n)) return void 0;
  return v2;
}
var GO_BOOLS = ["1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False"];
function goParseBoolProblem(s) {
  return GO_BOOLS.includes(s) ? void 0 : `${quote(s)} is not a boolean (Go's ParseBool takes true/false, True/False, TRUE/FALSE, t/f, 1/0)`;
}
function ipv4Problem(s) {
  let val = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 1 && val === 0) return "an IPv4 octet has a leading zero";
      val = val * 10 + (c - 48);
      digits++;
      if (val > 255) return "an IPv4 octet is above 255";
    } else if (s[i] === ".") {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".") return "an IPv4 octet is empty";
      if (dots === 3) return "the IPv4 address has more than four octets";
      dots++;
      val = 0;
      digits = 0;
    } else {
      return `unexpected character ${quote(s[i])} in the IPv4 address`;
    }
  }
  if (dots < 3) return "the IPv4 address has fewer than four octets";
  return void 0;
}
function ipv6Problem(input2) {
  let s = input2;
  let zone = "";
  const pct = s.indexOf("%");
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === "") return { reason: 'the IPv6 zone after "%" is empty', zone };
  }
  let ellipsis = -1;
  if (s.startsWith("::")) {
    ellipsis = 0;
    s = s.slice(2);
    if (s === "") return { reason: void 0, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off];
      const d = /[0-9a-fA-F]/.test(c) ? parseInt(c, 16) : -1;
      if (d < 0) break;
      acc = acc * 16 + d;
      if (acc > 65535) return { reason: "an IPv6 group is above ffff", zone };
    }
    if (off === 0) return { reason: "an IPv6 group is empty", zone };
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12) return { reason: "an embedded IPv4 address must replace the last two IPv6 groups", zone };
      if (i + 4 > 16) return { reason: "too many IPv6 groups before the embedded IPv4 address", zone };
      const v4 = ipv4Problem(s);
      if (v4) return { reason: v4, zone };
      s = "";
      i += 4;
      break;
    }
    i += 2;
    s = s.slice(off);
    if (s === "") break;
    if (s[0] !== ":") return { reason: `unexpected character ${quote(s[0])} in the IPv6 address`, zone };
    if (s.length === 1) return { reason: 'the IPv6 address ends with a single ":"', zone };
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) return { reason: 'the IPv6 address has more than one "::"', zone };
      ellipsis = i;
      s = s.slice(1);
      if (s === "") break;
    }
  }
  if (s !== "") return { reason: "the IPv6 address has more than eight groups", zone };
  if (i < 16 && ellipsis < 0) return { reason: 'the IPv6 address has fewer than eight groups and no "::"', zone };
  if (i >= 16 && ellipsis >= 0) return { reason: 'the "::" in the IPv6 address stands for no group', zone };
  return { reason: void 0, zone };
}
function parseAddr(s) {
  for (const c of s) {
    if (c === ".") {
      const r7 = ipv4Problem(s);
      return r7 ? { reason: r7 } : { is6: false, zone: "" };
    }
    if (c === ":") {
      const r7 = ipv6Problem(s);
      return r7.reason ? { reason: r7.reason } : { is6: true, zone: r7.zone };
    }
    if (c === "%") return { reason: 'there is no IPv6 address before "%"' };
  }
  return { reason: "it is not an IP address" };
}
function parsePrefixProblem(s, opts = { strictBits: true }) {
  const spaced = s !== s.trim();
  const slash = s.lastIndexOf("/");
  if (slash < 0) {
    const addr2 = parseAddr(s.trim());
    if ("is6" in addr2) return `it has no prefix length (write ${s.trim()}/${addr2.is6 ? 128 : 32} for one address)`;
    return "it is not in CIDR form (address/length)";
  }
  const addrText = s.slice(0, slash);
  const addr = parseAddr(addrText);
  if (!("is6" in addr)) {
    if (addrText !== addrText.trim() && "is6" in parseAddr(addrText.trim())) return "it has a space, which Istio does not trim";
    return addr.reason;
  }
  if (addr.is6 && addr.zone !== "") return 'an IPv6 zone ("%\u2026") is not allowed in a prefix';
  const bitsText = s.slice(slash + 1);
  const badBits = () => spaced && bitsText.trim() !== bitsText && parsePrefixProblem(s.trim(), opts) === void 0 ? "it has a space, which Istio does not trim" : `${quote(bitsText)} is not a prefix length`;
  let bits;
  if (opts.strictBits) {
    if (!DIGITS.test(bitsText) || bitsText.length > 1 && bitsText[0] === "0") return badBits();
    bits = Number(bitsText);
  } else {
    const v2 = goParseInt64(bitsText);
    if (v2 === void 0) return badBits();
    bits = Number(v2);
  }
  const max = addr.is6 ? 128 : 32;
  if (bits < 0 || bits > max) return `prefix length ${bitsText} is out of range for ${addr.is6 ? "IPv6" : "IPv4"} (0-${max})`;
  return void 0;
}
function cidrListProblem(value, opts = { strictBits: true }) {
  if (value === "") return void 0;
  for (const element of value.split(",")) {
    const why = parsePrefixProblem(element, opts);
    if (why) return { element, reason: element === "" ? "the list has an empty entry (a stray comma)" : `${quote(element)} is not a CIDR: ${why}` };
  }
  return void 0;
}
function portListProblem(value) {
  const trimmed = value.trim();
  if (trimmed === "") return void 0;
  for (const element of trimmed.split(",")) {
    const port = element.trim();
    if (port === "") return { element, reason: "the list has an empty entry (a stray comma)" };
    if (/^[0-9]+\s*[-:]\s*[0-9]+$/.test(port)) return { element, reason: `${quote(port)} is a port range, and Istio takes single ports only` };
    const why = goParseUintProblem(port, 16, "port");
    if (why) return { element, reason: why };
  }
  return void 0;
}
var QUANTITY_SUFFIX_CHARS = "eEinumkKMGTP";
var DECIMAL_SUFFIXES = { "": 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
var BINARY_SUFFIXES = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
var QUANTITY_FORM = "a Kubernetes quantity such as 100m, 0.5, 2, 128Mi or 1G";
function quantityProblem(str3) {
  if (str3.length === 0) return `an empty value is not ${QUANTITY_FORM}`;
  if (str3 === "0") return void 0;
  const isDigit = (c) => c !== void 0 && c >= "0" && c <= "9";
  const end = str3.length;
  let pos = 0;
  let num = "";
  let denom = "";
  let value = "";
  let suffix = "";
  const formatWrong = `${quote(str3)} is not ${QUANTITY_FORM}`;
  scan: {
    if (str3[0] === "-" || str3[0] === "+") pos++;
    for (let i2 = pos; ; i2++) {
      if (i2 >= end) {
        num = "0";
        value = num;
        break scan;
      }
      if (str3[i2] === "0") pos++;
      else break;
    }
    let i = pos;
    for (; ; i++) {
      if (i >= end) {
        num = str3.slice(pos);
        value = str3;
        break scan;
      }
      if (!isDigit(str3[i])) {
        num = str3.slice(pos, i);
        pos = i;
        break;
      }
    }
    if (num === "") num = "0";
    if (str3[pos] === ".") {
      pos++;
      for (i = pos; ; i++) {
        if (i >= end) {
          denom = str3.slice(pos);
          value = str3;
          break scan;
        }
        if (!isDigit(str3[i])) {
          denom = str3.slice(pos, i);
          pos = i;
          break;
        }
      }
    }
    value = str3.slice(0, pos);
    const suffixStart = pos;
    for (i = pos; ; i++) {
      if (i >= end) {
        suffix = str3.slice(suffixStart);
        break scan;
      }
      if (!QUANTITY_SUFFIX_CHARS.includes(str3[i])) {
        pos = i;
        break;
      }
    }
    if (str3[pos] === "-" || str3[pos] === "+") pos++;
    for (i = pos; ; i++) {
      if (i >= end) {
        suffix = str3.slice(suffixStart);
        break scan;
      }
      if (!isDigit(str3[i])) break;
    }
    return formatWrong;
  }
  let exponent;
  let binary = false;
  if (suffix in DECIMAL_SUFFIXES) exponent = DECIMAL_SUFFIXES[suffix];
  else if (suffix in BINARY_SUFFIXES) {
    exponent = BINARY_SUFFIXES[suffix];
    binary = true;
  } else if (suffix.length > 1 && (suffix[0] === "e" || suffix[0] === "E")) {
    const parsed = goParseInt64(suffix.slice(1));
    if (parsed === void 0) return `${quote(str3)}: the exponent ${quote(suffix)} is not a number`;
    exponent = Number(BigInt.asIntN(32, parsed));
  } else {
    return `${quote(str3)} has an unknown unit ${quote(suffix)} (Kubernetes takes n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti, Pi, Ei)`;
  }
  let fastPath;
  if (binary) {
    fastPath = denom === "" && 15 - num.length - Math.trunc(exponent * 3 / 10) - 1 >= 0;
  } else {
    fastPath = 18 - (num.length + denom.length) >= 0 && exponent - denom.length >= -9;
  }
  if (!fastPath && !/[0-9]/.test(value)) return `${quote(str3)} has no digits`;
  return void 0;
}
function interceptionModeProblem(v2) {
  return ["REDIRECT", "TPROXY", "NONE"].includes(v2) ? void 0 : `${quote(v2)} is not REDIRECT, TPROXY or NONE (upper case)`;
}
function statusPortProblem(v2) {
  return goParseUintProblem(v2.trim(), 16, "port");
}
function uint32Problem(v2) {
  return goParseUintProblem(v2, 32, "whole number");
}
function includeIPRangesProblem(v2, opts) {
  return v2 === "*" ? void 0 : cidrListProblem(v2, opts);
}
function excludeIPRangesProblem(v2, opts) {
  const star = v2.split(",").find((e) => e.trim() === "*");
  if (star !== void 0) return { element: star, reason: '"*" is not accepted here: only includeOutboundIPRanges takes "*"' };
  return cidrListProblem(v2, opts);
}
function includeInboundPortsProblem(v2) {
  return v2 === "*" ? void 0 : portListProblem(v2);
}
function excludePortsProblem(v2) {
  const star = v2.split(",").find((e) => e.trim() === "*");
  if (star !== void 0) return { element: star, reason: '"*" is not accepted here: only includeInboundPorts takes "*"' };
  return portListProblem(v2);
}
function interfaceNamesProblem(v2) {
  if (v2 === "") return void 0;
  for (const element of v2.split(",")) {
    const name = element.trim();
    if (name === "") return { element, reason: "the list has an empty entry (a stray comma)" };
    if (Buffer.byteLength(name) > 15) return { element, reason: `interface name ${quote(name)} is longer than 15 characters` };
    if (!/^[a-zA-Z][a-zA-Z0-9_.-]*$/.test(name)) {
      return { element, reason: `interface name ${quote(name)} must start with a letter and hold only letters, digits, "_", "." and "-"` };
    }
  }
  return void 0;
}
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function resourceQuantityProblem(v2) {
  if (CONTROL.test(v2)) return "it contains control characters (a newline, a tab, \u2026)";
  return quantityProblem(v2);
}
var plain = (f) => (v2) => {
  const reason = f(v2);
  return reason === void 0 ? void 0 : { reason };
};
var QUANTITY_ANNOTATIONS = ["sidecar.istio.io/proxyCPU", "sidecar.istio.io/proxyMemory", "sidecar.istio.io/proxyCPULimit", "sidecar.istio.io/proxyMemoryLimit"];
var INTERFACE_ANNOTATIONS = ["traffic.sidecar.istio.io/excludeInterfaces", "traffic.sidecar.istio.io/kubevirtInterfaces", "istio.io/reroute-virtual-interfaces"];
var ENABLE_CORE_DUMP = "sidecar.istio.io/enableCoreDump";
function webhookValidatesQuantities(v2) {
  return atLeast(v2, 1, 29) || v2.major === 1 && v2.minor === 28 && v2.patch >= 4 || v2.major === 1 && v2.minor === 27 && v2.patch >= 6;
}
function webhookChecks(version) {
  const opts = { strictBits: atLeast(version, 1, 22) };
  const m = /* @__PURE__ */ new Map([
    ["sidecar.istio.io/interceptionMode", plain(interceptionModeProblem)],
    ["status.sidecar.istio.io/port", plain(statusPortProblem)],
    ["readiness.status.sidecar.istio.io/initialDelaySeconds", plain(uint32Problem)],
    ["readiness.status.sidecar.istio.io/periodSeconds", plain(uint32Problem)],
    ["readiness.status.sidecar.istio.io/failureThreshold", plain(uint32Problem)],
    ["traffic.sidecar.istio.io/includeOutboundIPRanges", (v2) => includeIPRangesProblem(v2, opts)],
    ["traffic.sidecar.istio.io/excludeOutboundIPRanges", (v2) => excludeIPRangesProblem(v2, opts)],
    ["traffic.sidecar.istio.io/includeInboundPorts", includeInboundPortsProblem],
    ["traffic.sidecar.istio.io/excludeInboundPorts", excludePortsProblem],
    ["traffic.sidecar.istio.io/excludeOutboundPorts", excludePortsProblem],
    ["prometheus.istio.io/merge-metrics", plain(goParseBoolProblem)]
  ]);
  if (!atLeast(version, 1, 25)) m.set(ENABLE_CORE_DUMP, plain(goParseBoolProblem));
  if (atLeast(version, 1, 30)) for (const key of INTERFACE_ANNOTATIONS) m.set(key, interfaceNamesProblem);
  const strict = webhookValidatesQuantities(version);
  for (const key of QUANTITY_ANNOTATIONS) m.set(key, plain(strict ? resourceQuantityProblem : (v2) => quantityProblem(v2.trim())));
  return m;
}
var INCLUDE_OUTBOUND_PORTS = "traffic.sidecar.istio.io/includeOutboundPorts";
function includeOutboundPortsInit(v2) {
  if (v2 === "*") return "ok";
  const portKind = (p) => {
    if (p === "") return "ok";
    if (DIGITS.test(p)) return Number(p) <= 65535 ? "ok" : "bad";
    return /^[A-Za-z][A-Za-z0-9._-]*$/.test(p) ? "maybe" : "bad";
  };
  let verdict = "ok";
  for (const element of v2.split(",")) {
    if (element === "") continue;
    const t = element.trim();
    if (t === "") return { element, reason: "the list has an entry of only spaces" };
    if (/\s/.test(t)) return { element, reason: `${quote(t)} has a space inside it` };
    const parts = t.split(":");
    const neither = { element, reason: `${quote(t)} is neither a port nor a port range "a:b"` };
    if (parts.length > 2) return neither;
    const kinds = parts.map(portKind);
    if (kinds.includes("bad")) return neither;
    if (parts.length === 1 && t === "") return neither;
    const [a, b] = parts;
    if (a !== void 0 && b !== void 0 && DIGITS.test(a) && DIGITS.test(b) && Number(a) > Number(b)) {
      return { element, reason: `port range ${quote(t)} runs backwards` };
    }
    if (kinds.includes("maybe")) verdict = "maybe";
  }
  return verdict;
}
function includeOutboundPortsCni(v2) {
  return v2 === "*" ? void 0 : portListProblem(v2);
}
var NATIVE_SIDECAR = "sidecar.istio.io/nativeSidecar";
function nativeSidecarEffect(value, version) {
  if (value === "true" || value === "false" || !atLeast(version, 1, 24)) return void 0;
  if (!atLeast(version, 1, 27)) return "off";
  return value === "" ? "default" : "on";
}

// rules/traffic-annotation-invalid.ts
var CIDR_LISTS = /* @__PURE__ */ new Set(["traffic.sidecar.istio.io/includeOutboundIPRanges", "traffic.sidecar.istio.io/excludeOutboundIPRanges"]);
var PORT_LISTS = /* @__PURE__ */ new Set(["traffic.sidecar.istio.io/includeInboundPorts", "traffic.sidecar.istio.io/excludeInboundPorts", "traffic.sidecar.istio.io/excludeOutboundPorts", INCLUDE_OUTBOUND_PORTS]);
var INTERFACE_LISTS = new Set(INTERFACE_ANNOTATIONS);
var BOOLS = /* @__PURE__ */ new Set(["prometheus.istio.io/merge-metrics", ENABLE_CORE_DUMP]);
var QUANTITIES = new Set(QUANTITY_ANNOTATIONS);
var q = (s) => JSON.stringify(s);
var isBareAddress = (s) => {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(s)) return "32";
  if (s.includes(":") && !s.includes("/") && /^[0-9a-fA-F:.]+$/.test(s)) return "128";
  return void 0;
};
function repairFor(key, value, valid) {
  const suggestions = [];
  const suggest = (candidate, why) => {
    if (candidate !== value && valid(candidate) && !suggestions.some((s) => s.value === candidate)) suggestions.push({ value: candidate, why });
  };
  const isList = CIDR_LISTS.has(key) || PORT_LISTS.has(key) || INTERFACE_LISTS.has(key);
  if (isList) {
    const tidy = value.split(",").map((e) => e.trim()).filter((e) => e !== "").join(",");
    if (tidy !== "" && tidy !== value && valid(tidy)) {
      return { advice: `Write ${q(tidy)}${/\s/.test(value) ? " (no spaces)" : ""}.`, fix: tidy, suggestions };
    }
    const separated = value.split(/[\s,;]+/).filter((e) => e !== "");
    suggest(separated.join(","), "separate the entries with commas only");
    if (CIDR_LISTS.has(key)) {
      const withLengths = separated.map((e) => isBareAddress(e) ? `${e}/${isBareAddress(e)}` : e).join(",");
      suggest(withLengths, "give single addresses a prefix length (/32, /128 for IPv6)");
    }
  }
  if (CIDR_LISTS.has(key)) {
    if (value.split(",").some((e) => e.trim() === "*")) {
      return { advice: 'List the CIDRs to exclude; to keep all outbound traffic away from the sidecar, set traffic.sidecar.istio.io/includeOutboundIPRanges to "" instead.', suggestions };
    }
    return { advice: "Write comma-separated CIDRs without spaces, such as 10.0.0.0/8,172.16.0.0/12 (a single address is 10.1.2.3/32).", suggestions };
  }
  if (key === INCLUDE_OUTBOUND_PORTS) {
    return { advice: "Write comma-separated port numbers, such as 8080,9090 (istio-init also takes a range such as 8000:8100, the Istio CNI plugin does not).", suggestions };
  }
  if (PORT_LISTS.has(key)) {
    if (value.split(",").some((e) => e.trim() === "*")) return { advice: "List the ports.", suggestions };
    if (/\d\s*[-:]\s*\d/.test(value)) return { advice: "List each port: ranges are not supported.", suggestions };
    return { advice: "Write comma-separated port numbers, such as 8080,9090.", suggestions };
  }
  if (INTERFACE_LISTS.has(key)) return { advice: "Write comma-separated interface names, such as net1,net2.", suggestions };
  if (key === "sidecar.istio.io/interceptionMode") {
    const upper = value.trim().toUpperCase();
    if (["REDIRECT", "TPROXY", "NONE"].includes(upper)) return { advice: `Write ${q(upper)}.`, fix: upper, suggestions };
    return { advice: "Write REDIRECT (the default), TPROXY or NONE.", suggestions };
  }
  if (key === "status.sidecar.istio.io/port") return { advice: "Write a port number (0-65535; 15020 is the default).", suggestions };
  if (key.startsWith("readiness.status.sidecar.istio.io/")) {
    const trimmed = value.trim();
    if (trimmed !== value && valid(trimmed)) return { advice: `Write ${q(trimmed)}.`, fix: trimmed, suggestions };
    const seconds = /^\s*(\d+)\s*s\s*$/.exec(value);
    if (seconds?.[1] && key !== "readiness.status.sidecar.istio.io/failureThreshold") suggest(seconds[1], "a number of seconds, without the unit");
    return { advice: key.endsWith("Seconds") ? "Write a whole number of seconds, without a unit." : "Write a whole number.", suggestions };
  }
  if (BOOLS.has(key)) {
    const lower = value.trim().toLowerCase();
    if (lower === "true" || lower === "false") return { advice: `Write ${q(lower)}.`, fix: lower, suggestions };
    if (["yes", "y", "on", "enabled", "enable"].includes(lower)) suggest("true", `what ${q(value)} says`);
    else if (["no", "n", "off", "disabled", "disable"].includes(lower)) suggest("false", `what ${q(value)} says`);
    else {
      suggest("true", "on");
      suggest("false", "off");
    }
    return { advice: 'Write "true" or "false".', suggestions };
  }
  if (QUANTITIES.has(key)) {
    const trimmed = value.trim();
    if (trimmed !== value && valid(trimmed)) return { advice: `Write ${q(trimmed)}.`, fix: trimmed, suggestions };
    const m = /^\s*([+-]?[0-9.]+)\s*([A-Za-z]*)\s*$/.exec(value);
    if (m) {
      const [, n, unit = ""] = m;
      const lower = unit.toLowerCase().replace(/b$/, "");
      const binary = { ki: "Ki", mi: "Mi", gi: "Gi", ti: "Ti", pi: "Pi", ei: "Ei" };
      const decimal = { k: "k", m: "M", g: "G", t: "T", p: "P", e: "E" };
      if (binary[lower]) suggest(`${n}${binary[lower]}`, `the unit is written ${binary[lower]}`);
      else if (decimal[lower] && /b$/i.test(unit)) {
        suggest(`${n}${binary[`${lower}i`] ?? ""}`, "powers of 1024");
        suggest(`${n}${decimal[lower]}`, "powers of 1000");
      }
    }
    return { advice: "Write a Kubernetes quantity, such as 100m or 0.5 for CPU and 128Mi or 1Gi for memory.", suggestions };
  }
  return { advice: "Fix the value or remove the annotation.", suggestions };
}
function isPlaceholder(value) {
  return value.split(",").some((e) => {
    const t = e.trim();
    return /^\$\{[^{}]+\}$/.test(t) || /^\$\([^()]+\)$/.test(t) || /^__[A-Za-z0-9_]+__$/.test(t) || /PLACEHOLDER/i.test(t) || /^<[^<>]+>$/.test(t);
  });
}
var shown = (value) => value.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => JSON.stringify(c).slice(1, -1));
var escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function entryMatcher(element) {
  if (element === void 0 || element.trim() === "") return void 0;
  return new RegExp(`(?<=^["']?|,)${escapeRegExp(element)}(?=,|["']?$)`);
}
function editsOf(path, repair) {
  return {
    ...repair.fix !== void 0 ? { fix: [{ op: "set", path, value: repair.fix }] } : {},
    suggest: repair.suggestions.map((s) => ({ messageId: "setValue", data: { value: s.value, why: s.why }, edits: [{ op: "set", path, value: s.value }] }))
  };
}
function includeOutboundPortsFailure(value, cni) {
  const byCni = includeOutboundPortsCni(value);
  const byInit = includeOutboundPortsInit(value);
  const initEffect = "but istio-init passes it to iptables, which refuses the rule, so the pod never starts (Init:CrashLoopBackOff)";
  const sandbox = "the pod sandbox is never created (FailedCreatePodSandBox) and the pod stays in ContainerCreating";
  if (cni?.value === true) {
    return byCni && { ...byCni, effect: `but the Istio CNI plugin (${cni.source}) rejects it: ${sandbox}`, conditional: false };
  }
  if (typeof byInit === "object") {
    const also = cni?.value === false ? "" : `; with Istio CNI the CNI plugin rejects it instead: ${sandbox}`;
    return { ...byInit, effect: `${initEffect}${also}`, conditional: false };
  }
  if (cni?.value === false || !byCni) return void 0;
  const init = byInit === "ok" ? "and istio-init accepts it" : "and istio-init looks the name up as a service in the proxy image";
  return {
    ...byCni,
    effect: `${init}, but with Istio CNI the CNI plugin rejects it: ${sandbox}. Whether the mesh uses Istio CNI is not known (say so in .meshlint.yaml: istio.cni)`,
    conditional: true
  };
}
var NATIVE_EFFECTS = {
  on: 'the injection template treats every value other than "false" as true, so this turns native sidecars ON (istio-proxy runs as an init container with restartPolicy: Always)',
  off: 'only the exact value "true" turns native sidecars on, so this turns them OFF',
  default: "an empty value counts as unset, so istiod's ENABLE_NATIVE_SIDECARS decides"
};
var traffic_annotation_invalid_default = createRule({
  name: "traffic-annotation-invalid",
  meta: {
    type: "problem",
    fixable: "code",
    hasSuggestions: true,
    docs: {
      description: "Pod annotations with values Istio rejects: the injector refuses the pod at admission, or istio-init / the CNI plugin fail at start-up",
      defaultLevel: "error",
      precision: "very-high",
      category: "admission",
      istioVersions: "all (interface names from 1.30; resource annotations validated by the webhook from 1.27.6, 1.28.4, 1.29)"
    },
    messages: {
      rejected: `{{ key }}: {{ reason }}. Istio validates this annotation and the injector rejects the pod at admission{{ ifInjected }} ("invalid value '{{ value }}' for annotation '{{ key }}'"), so the pod is never created. {{ advice }}`,
      rejectedTemplate: "{{ key }}: {{ reason }}. The injection template writes it into the istio-proxy container's resources, where it does not parse, so the injector rejects the pod at admission{{ ifInjected }} and the pod is never created. {{ advice }}",
      runtime: "{{ key }}: {{ reason }}. The injector does not check this annotation, {{ effect }}. {{ advice }}",
      nativeSidecar: '{{ key }}: "{{ value }}" is neither "true" nor "false". On Istio {{ version }} {{ effect }}. Write "true" or "false".',
      setValue: 'Set it to "{{ value }}" ({{ why }}).'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    const checks = webhookChecks(version);
    const quantitiesByWebhook = webhookValidatesQuantities(version);
    const relevant = (key) => checks.has(key) || key === INCLUDE_OUTBOUND_PORTS || key === NATIVE_SIDECAR;
    return {
      PodTemplate(t) {
        const keys = Object.keys(t.annotations).filter(relevant);
        if (keys.length === 0) return;
        if (explicitlyOptedOut(t)) return;
        const prediction = predictForTemplate(t, context.facts);
        if (prediction.outcome === "not-injected") return;
        const ifInjected = prediction.outcome === "unknown" ? " whenever it injects it" : "";
        for (const key of keys) {
          const value = labelString(t.annotations[key]) ?? "";
          if (isPlaceholder(value)) continue;
          const path = templatePath(t, "metadata", "annotations", key);
          const check2 = checks.get(key);
          if (check2) {
            const problem = check2(value);
            if (!problem) continue;
            const within = entryMatcher(problem.element);
            const repair = repairFor(key, value, (c) => check2(c) === void 0);
            context.report({
              target: { resource: t.resource, path, ...within ? { within } : {} },
              messageId: QUANTITIES.has(key) && !quantitiesByWebhook ? "rejectedTemplate" : "rejected",
              data: { key, value: shown(value), reason: problem.reason, advice: repair.advice, ifInjected },
              ...editsOf(path, repair)
            });
          } else if (key === INCLUDE_OUTBOUND_PORTS) {
            const failure = includeOutboundPortsFailure(value, context.facts.mesh.installFor(prediction.via?.revision ?? "default").cni);
            if (!failure) continue;
            const within = entryMatcher(failure.element);
            const repair = repairFor(key, value, (c) => includeOutboundPortsCni(c) === void 0 && typeof includeOutboundPortsInit(c) !== "object");
            context.report({
              target: { resource: t.resource, path, ...within ? { within } : {} },
              messageId: "runtime",
              data: { key, reason: failure.reason, effect: failure.effect, advice: repair.advice },
              ...failure.conditional ? { severity: "warn" } : {},
              ...editsOf(path, repair)
            });
          } else if (key === NATIVE_SIDECAR) {
            const effect = nativeSidecarEffect(value, version);
            if (effect === void 0) continue;
            const lower = value.trim().toLowerCase();
            const meant = lower === "true" || lower === "false" ? lower : void 0;
            const repair = meant ? { advice: "", fix: meant, suggestions: [] } : { advice: "", suggestions: [{ value: "true", why: "native sidecars on" }, { value: "false", why: "native sidecars off" }] };
            context.report({
              target: { resource: t.resource, path },
              messageId: "nativeSidecar",
              severity: "warn",
              data: { key, value: shown(value), version: version.text, effect: NATIVE_EFFECTS[effect] },
              ...editsOf(path, repair)
            });
          }
        }
      }
    };
  }
});

// rules/proxy-config-invalid.ts
var PROXY_CONFIG_KEY = "proxy.istio.io/config";
var IDENT = "A-Za-z0-9_";
var escapeRegExp2 = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function occurrencesBefore(text, token, end) {
  const re2 = new RegExp(`(?<![${IDENT}])${escapeRegExp2(token)}(?![${IDENT}])`, "g");
  let n = 0;
  for (let m = re2.exec(text); m && m.index < end; m = re2.exec(text)) n++;
  return n;
}
function nthOccurrence(token, n) {
  const word = `(?<!(?<!\\\\)[${IDENT}])${escapeRegExp2(token)}(?![${IDENT}])`;
  if (n === 0) return new RegExp(word);
  return new RegExp(`${word}(?<=^(?:(?:(?!${word})[\\s\\S])*${word}){${n + 1}})`);
}
function keyPattern(text, path) {
  let steps = parseConfigPath(path);
  while (steps.length > 0 && typeof steps[steps.length - 1] === "number") steps = steps.slice(0, -1);
  if (steps.length === 0) return void 0;
  const loc = locateInProxyConfig(text, formatConfigPath(steps));
  if (!loc?.key || loc.keyName === void 0 || loc.keyName === "") return void 0;
  return nthOccurrence(loc.keyName, occurrencesBefore(text, loc.keyName, loc.key[0]));
}
function replacementFor(text, parsed, problem) {
  const suggestion = problem.suggestion;
  if (suggestion === void 0) return void 0;
  const value = getIn(parsed.value, parseConfigPath(problem.path));
  if ((typeof value === "boolean" || typeof value === "number") && suggestion === JSON.stringify(String(value))) {
    const loc = locateInProxyConfig(text, problem.path);
    const source = loc?.value ? text.slice(loc.value[0], loc.value[1]).trim() : void 0;
    if (source !== void 0 && /^[^"'{[\]\r\n]+$/.test(source)) return JSON.stringify(source);
  }
  return suggestion;
}
function correctedText(text, parsed, problem, kind, version) {
  if (problem.suggestion === void 0 || /[\r\n]/.test(text)) return void 0;
  const loc = locateInProxyConfig(text, problem.path);
  if (!loc?.complete) return void 0;
  let out;
  if (kind === "unknown") {
    const from = parseConfigPath(problem.path);
    const to = parseConfigPath(problem.suggestion);
    const name = to[to.length - 1];
    if (from.length !== to.length || !from.slice(0, -1).every((s, i) => s === to[i]) || typeof name !== "string") return void 0;
    if (!loc.key || loc.keyName === void 0) return void 0;
    const parent = getIn(parsed.value, from.slice(0, -1));
    if (typeof parent !== "object" || parent === null || Object.hasOwn(parent, name)) return void 0;
    const keySource = text.slice(loc.key[0], loc.key[1]);
    if (!keySource.includes(loc.keyName)) return void 0;
    out = text.slice(0, loc.key[0]) + keySource.replace(loc.keyName, name) + text.slice(loc.key[1]);
  } else {
    if (!loc.value) return void 0;
    out = text.slice(0, loc.value[0]) + problem.suggestion + text.slice(loc.value[1]);
  }
  const again = parseProxyConfig(out, version);
  if (again.syntaxError !== void 0) return void 0;
  const still = kind === "unknown" ? again.unknownFields : again.errors;
  return still.some((p) => p.path === problem.path) ? void 0 : out;
}
var proxy_config_invalid_default = createRule({
  name: "proxy-config-invalid",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "proxy.istio.io/config annotations that the sidecar injector rejects, or whose fields it silently ignores",
      defaultLevel: "error",
      precision: "very-high",
      category: "admission",
      istioVersions: "all (the set of known fields follows the stated version)"
    },
    messages: {
      notString: 'The {{ key }} annotation is {{ what }}, not a string: annotation values are strings, so the API server rejects the object ("cannot unmarshal {{ goType }} into Go struct field ObjectMeta.metadata.annotations of type string"). Write the ProxyConfig as text in a block scalar, `{{ key }}: |`.',
      unreadable: "{{ key }} is not valid YAML or JSON ({{ reason }}), so the sidecar injector rejects the pod (validateProxyConfig, pkg/kube/inject/validate.go). Fix the text.",
      notMapping: "{{ key }} must be a mapping of ProxyConfig fields, but {{ reason }}, so the sidecar injector rejects the pod (validateProxyConfig, pkg/kube/inject/validate.go). Write fields such as `holdApplicationUntilProxyStarts: true`.",
      invalid: "{{ key }}: {{ problem }}, so the sidecar injector rejects the pod (validateProxyConfig, pkg/kube/inject/validate.go).{{ hint }}",
      unknown: "{{ key }}: {{ problem }}; Istio drops unknown fields without a word (protomarshal.ApplyYAML), so it has no effect.{{ hint }}",
      rename: "Rename {{ from }} to {{ to }}.",
      replace: "Write {{ value }} for {{ at }}."
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const version = context.facts.mesh.version;
    return {
      PodTemplate(t) {
        if (!Object.hasOwn(t.annotations, PROXY_CONFIG_KEY)) return;
        const raw = t.annotations[PROXY_CONFIG_KEY];
        const path = templatePath(t, "metadata", "annotations", PROXY_CONFIG_KEY);
        const resource = t.resource;
        if (typeof raw === "object" && raw !== null) {
          const list = Array.isArray(raw);
          context.report({ target: { resource, path }, messageId: "notString", data: { key: PROXY_CONFIG_KEY, what: list ? "a list" : "a mapping", goType: list ? "array" : "object" } });
          return;
        }
        if (typeof raw !== "string") return;
        if (explicitlyOptedOut(t) || predictForTemplate(t, context.facts).outcome === "not-injected") return;
        const parsed = parseProxyConfig(raw, version);
        if (parsed.syntaxError !== void 0) {
          const notMapping = parsed.syntaxError.startsWith("it is ");
          context.report({
            target: { resource, path },
            messageId: notMapping ? "notMapping" : "unreadable",
            data: { key: PROXY_CONFIG_KEY, reason: parsed.syntaxError }
          });
          return;
        }
        const at2 = (p) => {
          const within = keyPattern(raw, p.path);
          return within ? { resource, path, within } : { resource, path };
        };
        for (const p of parsed.errors) {
          const replacement = replacementFor(raw, parsed, p);
          const fixed = replacement === void 0 ? void 0 : correctedText(raw, parsed, { ...p, suggestion: replacement }, "error", version);
          context.report({
            target: at2(p),
            messageId: "invalid",
            data: { key: PROXY_CONFIG_KEY, problem: p.message, hint: replacement !== void 0 ? ` Write ${replacement} instead.` : "" },
            ...fixed !== void 0 ? { suggest: [{ messageId: "replace", data: { value: replacement ?? "", at: p.path }, edits: [{ op: "set", path, value: fixed }] }] } : {}
          });
        }
        for (const p of parsed.unknownFields) {
          const fixed = correctedText(raw, parsed, p, "unknown", version);
          const to = p.suggestion;
          context.report({
            target: at2(p),
            messageId: "unknown",
            severity: "warn",
            data: { key: PROXY_CONFIG_KEY, problem: p.message, hint: to !== void 0 ? ` Did you mean ${to}?` : "" },
            ...fixed !== void 0 && to !== void 0 ? { suggest: [{ messageId: "rename", data: { from: p.path, to }, edits: [{ op: "set", path, value: fixed }] }] } : {}
          });
        }
      }
    };
  }
});

// rules/proxy-uid-conflict.ts
var PROXY_ID = 1337;
function effectiveId(c, key) {
  const own = asObject(c.object.securityContext);
  if (own && Object.hasOwn(own, key) && own[key] !== null) return { value: own[key], path: [...c.path, "securityContext", key], level: "container" };
  const pod = asObject(c.template.spec.securityContext);
  if (pod && Object.hasOwn(pod, key) && pod[key] !== null) return { value: pod[key], path: templatePath(c.template, "spec", "securityContext", key), level: "pod" };
  return void 0;
}
function initCaptureFromPlan(native, cni) {
  if (native === true) return "captured";
  if (native === false && cni === true) return "cni-workaround";
  if (native === false && cni === false) return "before-capture";
  return "unknown";
}
function initCaptureFromLayout(t, c) {
  const inits = t.containers.filter((x) => x.group === "initContainers");
  const pos = (name) => inits.find((x) => x.name === name)?.index ?? -1;
  const proxy = inits.find((x) => x.name === "istio-proxy" && x.object.restartPolicy === "Always");
  if (proxy && proxy.index < c.index) return "captured";
  const init = pos("istio-init");
  if (init > c.index) return "before-capture";
  if (pos("istio-validation") !== -1) return "cni-workaround";
  return "unknown";
}
var ID_WORD = { runAsUser: "UID", runAsGroup: "GID" };
var proxy_uid_conflict_default = createRule({
  name: "proxy-uid-conflict",
  meta: {
    type: "problem",
    docs: {
      description: "Containers of injected pods that run as UID or GID 1337, whose traffic bypasses the sidecar",
      defaultLevel: "warn",
      precision: "high",
      category: "traffic",
      istioVersions: "all"
    },
    messages: {
      bypass: "{{ subject }} as {{ id }} 1337 ({{ setBy }}), the {{ id }} of Istio's sidecar: istio-iptables lets every packet from {{ id }} 1337 leave without passing through the sidecar (iptables owner match), so that traffic gets no mTLS and no authorization policy. Use another {{ id }}.",
      bypassNative: "{{ subject }} as {{ id }} 1337 ({{ setBy }}), the {{ id }} of Istio's sidecar: with native sidecars ({{ why }}) istio-proxy already runs when init containers start, and istio-iptables lets every packet from {{ id }} 1337 leave without passing through it, so that traffic gets no mTLS and no authorization policy. Use another {{ id }}: native sidecars make the Istio CNI workaround of running init containers as 1337 unnecessary.",
      cniWorkaround: "{{ subject }} as {{ id }} 1337 ({{ setBy }}), so {{ its }} traffic bypasses the sidecar (no mTLS, no authorization policy). With Istio CNI and a classic sidecar ({{ why }}) this is the documented workaround that lets init containers reach the network before istio-proxy starts: if that is the intent, set the option allowInitContainers or suppress this finding. Native sidecars make it unnecessary.",
      initMaybe: "{{ subject }} as {{ id }} 1337 ({{ setBy }}): if traffic capture is in place when {{ it }} runs (Istio CNI, or native sidecars), {{ its }} traffic bypasses the sidecar, with no mTLS and no authorization policy ({{ why }}). Use another {{ id }}; if it is the Istio CNI workaround for init containers, set the option allowInitContainers."
    },
    schema: [
      {
        type: "object",
        properties: {
          allowInitContainers: { type: "boolean", description: "do not report init containers (the Istio CNI workaround runs them as UID 1337 on purpose)" }
        },
        additionalProperties: false
      }
    ]
  },
  defaultOptions: [{ allowInitContainers: false }],
  create(context, [options]) {
    return {
      PodTemplate(t) {
        if (labelString(t.annotations[INTERCEPTION_MODE_ANNOTATION]) === "NONE") return;
        const rendered = renderedProxy(t) !== void 0;
        let native;
        let cni;
        if (!rendered) {
          const plan = sidecarPlan(t, context.facts);
          if (plan.prediction.outcome !== "injected") return;
          native = plan.native;
          cni = plan.cni;
        }
        for (const key of ["runAsUser", "runAsGroup"]) {
          const byPath = /* @__PURE__ */ new Map();
          for (const c of t.containers) {
            if (c.group === "ephemeralContainers" || ISTIO_CONTAINER_NAMES.has(c.name)) continue;
            const id = effectiveId(c, key);
            if (!id || id.value !== PROXY_ID) continue;
            let capture = "app";
            if (c.group === "initContainers") {
              if (options.allowInitContainers) continue;
              capture = rendered ? initCaptureFromLayout(t, c) : initCaptureFromPlan(native?.value ?? "unknown", cni?.value ?? "unknown");
              if (capture === "before-capture") continue;
            }
            const k2 = JSON.stringify(id.path);
            const entry = byPath.get(k2) ?? { path: id.path, level: id.level, affected: [] };
            entry.affected.push({ container: c, capture });
            byPath.set(k2, entry);
          }
          for (const { path, level, affected } of byPath.values()) {
            const idWord = ID_WORD[key];
            const names = affected.map((a) => `${a.container.group === "initContainers" ? "init container" : "container"} ${a.container.name || `#${a.container.index}`}`);
            const plural2 = affected.length > 1;
            const subject = `${capitalize(plural2 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0])} ${plural2 ? "run" : "runs"}`;
            const setBy = level === "container" ? `securityContext.${key} of the container` : `the pod's securityContext.${key}, which ${plural2 ? "they do" : "it does"} not override`;
            const kinds = new Set(affected.map((a) => a.capture));
            const decisions = [native, cni].filter((d) => d !== void 0);
            const whyOf = (list) => list.map((d) => d.why).join("; ") || "as the injected init containers show";
            const target = { resource: t.resource, path };
            if (kinds.has("app")) {
              context.report({ target, messageId: "bypass", data: { subject, id: idWord, setBy } });
            } else if (kinds.has("captured")) {
              context.report({ target, messageId: "bypassNative", data: { subject, id: idWord, setBy, why: whyOf(decisions.filter((d) => d === native)) } });
            } else if (kinds.has("unknown")) {
              const why = whyOf(decisions.filter((d) => d.value === "unknown"));
              context.report({ target, messageId: "initMaybe", data: { subject, id: idWord, setBy, why, it: plural2 ? "they" : "it", its: plural2 ? "their" : "its" } });
            } else {
              context.report({ target, messageId: "cniWorkaround", data: { subject, id: idWord, setBy, why: whyOf(decisions), its: plural2 ? "their" : "its" } });
            }
          }
        }
      }
    };
  }
});
var capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// src/model/container-removal.ts
function shellCommands(entries) {
  const commands = [];
  const open = (pipedFrom) => {
    commands.push({ words: [], substitutions: [], pipedFrom });
    return commands.length - 1;
  };
  let execForm;
  entries.forEach((entry, from) => {
    if (!/\s/.test(entry)) {
      execForm ??= open();
      commands[execForm]?.words.push({ text: entry, from, expands: /\$|`/.test(entry) });
      return;
    }
    execForm = void 0;
    parseScript(entry, from, commands, open);
  });
  return commands;
}
function parseScript(text, from, commands, open) {
  let i = 0;
  const sequence = (close) => {
    const started = [];
    let current = open();
    started.push(current);
    let word = "";
    let inWord = false;
    let expands = false;
    const endWord = () => {
      if (inWord) commands[current]?.words.push({ text: word, from, expands });
      word = "";
      inWord = false;
      expands = false;
    };
    const next = (pipedFrom) => {
      endWord();
      current = open(pipedFrom);
      started.push(current);
    };
    const substitution = (closer) => {
      const inner = sequence(closer);
      commands[current]?.substitutions.push(...inner);
      word += closer === ")" ? "$(\u2026)" : "`\u2026`";
      inWord = true;
      expands = true;
    };
    while (i < text.length) {
      const ch = text[i];
      if (close !== void 0 && ch === close) {
        i++;
        endWord();
        return started;
      }
      if (ch === " " || ch === "	" || ch === "\r") {
        endWord();
        i++;
      } else if (ch === "\n" || ch === ";" || ch === "(" || ch === ")") {
        next();
        i++;
      } else if (ch === "&") {
        next();
        i += text[i + 1] === "&" ? 2 : 1;
      } else if (ch === "|") {
        if (text[i + 1] === "|") {
          next();
          i += 2;
        } else {
          const before = current;
          next(before);
          i++;
        }
      } else if (ch === "<" || ch === ">") {
        endWord();
        i++;
      } else if (ch === "#" && !inWord) {
        while (i < text.length && text[i] !== "\n") i++;
      } else if (ch === "\\") {
        if (text[i + 1] === "\n") i += 2;
        else {
          word += text[i + 1] ?? "";
          inWord = true;
          i += 2;
        }
      } else if (ch === "'") {
        const end = text.indexOf("'", i + 1);
        word += text.slice(i + 1, end === -1 ? text.length : end);
        inWord = true;
        i = end === -1 ? text.length : end + 1;
      } else if (ch === '"') {
        inWord = true;
        i++;
        while (i < text.length && text[i] !== '"') {
          const c = text[i];
          if (c === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
            if (text[i + 1] !== "\n") word += text[i + 1];
            i += 2;
          } else if (c === "$" && text[i + 1] === "(") {
            i += 2;
            substitution(")");
          } else if (c === "`") {
            i++;
            substitution("`");
          } else {
            if (c === "$") expands = true;
            word += c;
            i++;
          }
        }
        i++;
      } else if (ch === "$" && text[i + 1] === "(") {
        i += 2;
        substitution(")");
      } else if (ch === "`") {
        i++;
        substitution("`");
      } else {
        if (ch === "$") expands = true;
        word += ch;
        inWord = true;
        i++;
      }
    }
    endWord();
    return started;
  };
  sequence(void 0);
}
var TOOLS = ["docker", "nerdctl", "crictl"];
var VALUE_OPTIONS = {
  docker: ["-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"],
  nerdctl: ["-n", "--namespace", "-a", "--address", "-H", "--host", "--snapshotter", "--storage-driver", "--cni-path", "--cni-netconfpath", "--data-root", "--cgroup-manager", "--hosts-dir"],
  crictl: ["-r", "--runtime-endpoint", "-i", "--image-endpoint", "-c", "--config", "-t", "--timeout"]
};
var toolOf = (w) => TOOLS.find((t) => w === t || w.endsWith(`/${t}`));
function subcommandWords(tool, rest) {
  let i = 0;
  while (i < rest.length) {
    const w = rest[i].text;
    if (!w.startsWith("-")) break;
    i += VALUE_OPTIONS[tool].includes(w) ? 2 : 1;
  }
  return rest.slice(i);
}
function filtersOf(words) {
  const out = [];
  words.forEach((w, i) => {
    if (w === "--filter" && words[i + 1] !== void 0) out.push(words[i + 1]);
    else if (w.startsWith("--filter=")) out.push(w.slice("--filter=".length));
  });
  return out;
}
var KUBELET_LABELS = ["io.kubernetes.container.name", "io.kubernetes.pod.name", "io.kubernetes.pod.namespace", "io.kubernetes.pod.uid"];
function filtersKeepIstioInit(filters) {
  for (const f of filters) {
    const neg = /^label!=(.+)$/.exec(f);
    if (neg) {
      const [key, value] = splitLabel(neg[1]);
      if (key === "io.kubernetes.container.name" && value === "istio-init") return true;
      if (value === void 0 && KUBELET_LABELS.includes(key)) return true;
      continue;
    }
    const pos = /^label=(.+)$/.exec(f);
    if (pos && !pos[1].includes("istio-init")) return true;
  }
  return false;
}
var splitLabel = (s) => {
  const eq = s.indexOf("=");
  return eq === -1 ? [s, void 0] : [s.slice(0, eq), s.slice(eq + 1)];
};
var escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
function listsExited(sub) {
  const listing = sub[0] === "ps" || sub[0] === "container" && ["ls", "list", "ps"].includes(sub[1] ?? "");
  if (!listing) return false;
  return sub.some(
    (w, i) => w === "--all" || /^-[a-zA-Z]+$/.test(w) && w.includes("a") || /^status=(exited|created|dead)$/i.test(w) || /^--state=exited$/i.test(w) || (w === "--state" || w === "-s") && /^exited$/i.test(sub[i + 1] ?? "")
  );
}
function remoteDocker(words, env) {
  const remote = /^(?:tcp|ssh|https?):/;
  if (remote.test(env.DOCKER_HOST ?? "")) return true;
  return words.some((w, i) => w.startsWith("DOCKER_HOST=") && remote.test(w.slice("DOCKER_HOST=".length)) || (w === "-H" || w === "--host") && remote.test(words[i + 1] ?? "") || w.startsWith("--host=") && remote.test(w.slice("--host=".length)));
}
function inKubeletNamespace(words, env) {
  if (env.CONTAINERD_NAMESPACE === "k8s.io") return true;
  return words.some((w, i) => (w === "-n" || w === "--namespace") && words[i + 1] === "k8s.io" || w === "--namespace=k8s.io" || w === "-n=k8s.io" || w === "CONTAINERD_NAMESPACE=k8s.io");
}
function containerRemovals(entries, env = {}) {
  const commands = shellCommands(entries);
  const allWords = commands.flatMap((c) => c.words.map((w) => w.text));
  const mentionsIstioInit = allWords.some((w) => w.includes("istio-init"));
  const out = [];
  const listing = /* @__PURE__ */ new Set();
  commands.forEach((c, index) => {
    const at2 = c.words.findIndex((w) => toolOf(w.text) !== void 0);
    if (at2 === -1) return;
    const tool = toolOf(c.words[at2].text);
    if (listsExited(subcommandWords(tool, c.words.slice(at2 + 1)).map((w) => w.text))) listing.add(index);
  });
  const fedByListing = (c, tool) => {
    const sameTool = (i) => {
      const words = commands[i]?.words ?? [];
      return listing.has(i) && words.some((w) => toolOf(w.text) === tool);
    };
    const substituted = (i) => sameTool(i) || (commands[i]?.substitutions ?? []).some(substituted);
    if (c.substitutions.some(substituted)) return true;
    for (let p = c.pipedFrom; p !== void 0; p = commands[p]?.pipedFrom) if (substituted(p)) return true;
    return c.words.some((w) => w.expands) && [...listing].some(sameTool);
  };
  for (const c of commands) {
    c.words.forEach((w, at2) => {
      const tool = toolOf(w.text);
      if (!tool) return;
      const words = c.words.map((x) => x.text);
      const rest = c.words.slice(at2 + 1);
      const sub = subcommandWords(tool, rest);
      const subText = sub.map((x) => x.text);
      if (tool === "nerdctl" && !inKubeletNamespace(words, env)) return;
      if (tool === "docker" && remoteDocker(words, env)) return;
      if (tool !== "crictl" && (subText[0] === "system" || subText[0] === "container") && subText[1] === "prune") {
        if (filtersKeepIstioInit(filtersOf(subText))) return;
        const group = subText[0];
        out.push({
          tool,
          kind: "prune",
          command: [w.text.replace(/^.*\//, ""), ...subText].join(" "),
          from: sub[1].from,
          line: new RegExp(`^.*\\b${escape(group)}\\s+prune\\b.*$`, "m")
        });
        return;
      }
      const isRm = subText[0] === "rm" || tool !== "crictl" && subText[0] === "container" && (subText[1] === "rm" || subText[1] === "remove");
      if (!isRm || mentionsIstioInit) return;
      const all = tool === "crictl" && subText.some((s) => s === "-a" || s === "--all" || /^-[a-zA-Z]*a[a-zA-Z]*$/.test(s));
      if (!all && !fedByListing(c, tool)) return;
      const rmWord = sub[subText[0] === "rm" ? 0 : 1];
      out.push({
        tool,
        kind: "rm",
        command: [w.text.replace(/^.*\//, ""), ...subText].join(" "),
        from: rmWord.from,
        line: new RegExp(`^.*\\b${escape(tool)}\\b.*(?<![-\\w])(?:rm|remove)\\b.*$`, "m")
      });
    });
  }
  return out;
}
function mountsNodeRuntime(t) {
  const volumes = Array.isArray(t.spec.volumes) ? t.spec.volumes : [];
  return volumes.some((v2) => {
    const path = getIn(v2, ["hostPath", "path"]);
    if (typeof path !== "string") return false;
    const p = path.replace(/\/+$/, "") || "/";
    return p === "/" || /^\/(?:var\/)?run(?:\/|$)/.test(p);
  });
}
var usesNsenter = (words) => words.some((w) => w === "nsenter" || w.endsWith("/nsenter"));

// src/model/version-evidence.ts
function imageVersion(image) {
  const noDigest = image.replace(/@.*$/, "");
  const slash = noDigest.lastIndexOf("/");
  const colon = noDigest.lastIndexOf(":");
  if (colon <= slash) return void 0;
  const v2 = parseIstioVersion(noDigest.slice(colon + 1));
  return v2 && v2.major === 1 ? v2 : void 0;
}
function versionEvidence(r7) {
  const out = [];
  const t = podTemplateOf(r7);
  if (t) {
    for (const c of t.containers) {
      const image = typeof c.object.image === "string" ? c.object.image : void 0;
      const v2 = image ? imageVersion(image) : void 0;
      if (!v2 || !image) continue;
      if (c.name === "istio-init") {
        out.push({ version: v2, text: `${r7.kind} ${r7.name} runs istio-init ${image}`, related: { target: { resource: r7, path: [...c.path, "image"] }, message: `istio-init from Istio ${v2.text}` }, revision: void 0 });
      } else if (c.name === "discovery" && r7.kind === "Deployment" && /^istiod(?:-|$)/.test(r7.name) && /\/pilot(?::|@|$)|^pilot:/.test(image)) {
        const revision = r7.name === "istiod" ? "default" : r7.name.slice("istiod-".length);
        out.push({ version: v2, text: `istiod ${r7.name} runs ${image}`, related: { target: { resource: r7, path: [...c.path, "image"] }, message: `istiod from Istio ${v2.text}` }, revision });
      }
    }
    return out;
  }
  if (r7.kind === "IstioOperator" && r7.apiVersion.startsWith("install.istio.io/")) {
    const tag = getIn(r7.object, ["spec", "tag"]);
    const v2 = typeof tag === "string" ? parseIstioVersion(tag) : void 0;
    const rev = getIn(r7.object, ["spec", "revision"]);
    if (v2 && v2.major === 1) out.push({ version: v2, text: `IstioOperator ${r7.name} installs tag ${tag}`, related: { target: { resource: r7, path: ["spec", "tag"] }, message: `Istio ${v2.text}` }, revision: typeof rev === "string" && rev ? rev : "default" });
    return out;
  }
  if (r7.kind === "ConfigMap" && isInjectorConfigMap(r7)) {
    const values = injectorValuesOf(r7);
    if (!values) return out;
    const tag = getIn(values, ["global", "tag"]);
    const v2 = typeof tag === "string" ? parseIstioVersion(tag) : void 0;
    const rev = getIn(values, ["revision"]);
    if (v2 && v2.major === 1) out.push({ version: v2, text: `injector ConfigMap ${r7.name} has global.tag ${tag}`, related: { target: { resource: r7, path: ["data", "values"] }, message: `Istio ${v2.text}` }, revision: typeof rev === "string" && rev ? rev : "default" });
  }
  return out;
}

// rules/init-rerun-prune.ts
var ISTIO_INIT_FILTER = "label!=io.kubernetes.container.name=istio-init";
var plainEnv = (c) => {
  const out = {};
  for (const e of Array.isArray(c.object.env) ? c.object.env : []) {
    const o = asObject(e);
    if (o && typeof o.name === "string" && typeof o.value === "string") out[o.name] = o.value;
  }
  return out;
};
var FIX_FILTER = `Add --filter ${ISTIO_INIT_FILTER} so that istio-init is kept, use Istio CNI, or upgrade to Istio 1.24 or later`;
var FIX_OTHER = "Leave containers named istio-init (label io.kubernetes.container.name=istio-init) out, use Istio CNI, or upgrade to Istio 1.24 or later";
var init_rerun_prune_default = createRule({
  name: "init-rerun-prune",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Node clean-up jobs that remove exited containers, so that istio-init runs again and fails before Istio 1.24",
      defaultLevel: "warn",
      precision: "medium",
      category: "startup",
      istioVersions: "< 1.24 (without Istio CNI)"
    },
    messages: {
      oldVersion: `{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod's network namespace, and on Istio {{ version }} (stated in {{ origin }}) it fails with "iptables-restore: line 2 failed", leaving the pod in Init:CrashLoopBackOff. {{ fix }}.`,
      oldIstioInit: `{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod's network namespace, and istio-init before Istio 1.24 fails there with "iptables-restore: line 2 failed" (Init:CrashLoopBackOff). The inputs show Istio before 1.24: {{ evidence }}. {{ fix }}.`,
      versionUnstated: `{{ command }} ({{ where }}) removes exited containers, istio-init included; kubelet then runs istio-init again in the pod's network namespace, and before Istio 1.24 it fails there with "iptables-restore: line 2 failed" (Init:CrashLoopBackOff). The Istio version is not stated: set istio.version in .meshlint.yaml or pass --istio-version (from 1.24 this is harmless). {{ fix }}.`,
      addFilter: `Add --filter ${ISTIO_INIT_FILTER} to this command.`
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const { facts } = context;
    const hits = [];
    const evidence = [];
    let newerInstall = false;
    const configMaps = /* @__PURE__ */ new Map();
    const mounts = [];
    const cmKey = (ns2, name) => `${ns2 ?? ""}/${name}`;
    const CLI = /\b(?:docker|crictl|nerdctl)\b/;
    return {
      Resource(r7) {
        for (const e of versionEvidence(r7)) {
          if (!atLeast(e.version, 1, 24)) {
            if (evidence.length < 100) evidence.push(e);
          } else if (e.revision !== void 0) newerInstall = true;
        }
        if (r7.kind === "ConfigMap" && r7.apiVersion === "v1" && Object.values(asObject(r7.object.data) ?? {}).some((v2) => typeof v2 === "string" && CLI.test(v2))) {
          configMaps.set(cmKey(r7.namespace, r7.name), r7);
        }
      },
      PodTemplate(t) {
        const scriptWords = [];
        const found = [];
        for (const c of t.containers) {
          const entries = [];
          for (const key of ["command", "args"]) {
            const list = c.object[key];
            if (!Array.isArray(list)) continue;
            list.forEach((v2, i) => {
              if (typeof v2 === "string") entries.push({ text: v2, path: [...c.path, key, i] });
            });
          }
          if (entries.length === 0) continue;
          scriptWords.push(...shellCommands(entries.map((e) => e.text)).flatMap((s) => s.words.map((w) => w.text)));
          for (const removal of containerRemovals(entries.map((e) => e.text), plainEnv(c))) {
            const entry = entries[removal.from];
            if (entry) found.push({ removal, resource: t.resource, path: entry.path, where: `container ${c.name}` });
          }
        }
        const hostPath = mountsNodeRuntime(t);
        const hostPID = t.spec.hostPID === true;
        const nsenter = usesNsenter(scriptWords);
        if (found.length > 0 && (hostPath || hostPID && nsenter)) hits.push(...found);
        const names = [];
        for (const v2 of Array.isArray(t.spec.volumes) ? t.spec.volumes : []) {
          const name = getIn(v2, ["configMap", "name"]);
          if (typeof name === "string") names.push(name);
          const sources = getIn(v2, ["projected", "sources"]);
          for (const s of Array.isArray(sources) ? sources : []) {
            const n = getIn(s, ["configMap", "name"]);
            if (typeof n === "string") names.push(n);
          }
        }
        if (names.length === 0 || !hostPath && !hostPID) return;
        const by = `${t.resource.kind} ${t.resource.name}`;
        for (const name of names) mounts.push({ namespace: t.resource.namespace, name, by, hostPath, hostPID, nsenter });
      },
      "Program:exit"() {
        const seen = /* @__PURE__ */ new Set();
        for (const m of mounts) {
          const cm = configMaps.get(cmKey(m.namespace, m.name));
          if (!cm || seen.has(cm)) continue;
          const data = asObject(cm.object.data) ?? {};
          const found = [];
          const words = [];
          for (const [key, value] of Object.entries(data)) {
            if (typeof value !== "string") continue;
            words.push(...shellCommands([value]).flatMap((s) => s.words.map((w) => w.text)));
            for (const removal of containerRemovals([value])) {
              found.push({ removal, resource: cm, path: ["data", key], where: `ConfigMap ${cm.name} key ${key}, mounted by ${m.by}` });
            }
          }
          if (found.length > 0 && (m.hostPath || m.hostPID && (m.nsenter || usesNsenter(words)))) {
            seen.add(cm);
            hits.push(...found);
          }
        }
        if (hits.length === 0) return;
        report(hits, facts, evidence, newerInstall);
      }
    };
    function report(all, f, oldEvidence, newer) {
      const old = oldEvidence.filter((e) => e.revision === void 0 || f.mesh.installFor(e.revision).cni?.value !== true);
      const cni = f.mesh.installFor("default").cni?.value === true;
      let messageId;
      let severity;
      const data = {};
      let related = [];
      if (old.length > 0) {
        messageId = "oldIstioInit";
        data.evidence = old.slice(0, 3).map((e) => e.text).join("; ") + (old.length > 3 ? `; and ${old.length - 3} more` : "");
        related = old.slice(0, 5).map((e) => e.related);
      } else if (f.mesh.versionOrigin !== "default") {
        if (atLeast(f.mesh.version, 1, 24) || cni) return;
        messageId = "oldVersion";
        data.version = f.mesh.version.text;
        data.origin = f.mesh.versionOrigin === "cli" ? "the --istio-version option" : "the config file";
      } else {
        if (cni || newer) return;
        messageId = "versionUnstated";
        severity = "warn";
      }
      for (const h of all) {
        const suggest = suggestionFor(h);
        context.report({
          target: { resource: h.resource, path: h.path, within: h.removal.line },
          messageId,
          data: { ...data, command: h.removal.command, where: h.where, fix: h.removal.kind === "prune" && h.removal.tool === "docker" ? FIX_FILTER : FIX_OTHER },
          ...severity ? { severity } : {},
          ...related.length ? { related } : {},
          ...suggest ? { suggest: [suggest] } : {}
        });
      }
    }
    function suggestionFor(h) {
      if (h.removal.kind !== "prune" || h.removal.tool !== "docker") return void 0;
      const value = getIn(h.resource.object, h.path);
      if (typeof value !== "string" || value.includes("\n")) return void 0;
      if (!/\s/.test(value)) return void 0;
      const m = /\b(system|container)(\s+)prune\b/.exec(value);
      if (!m) return void 0;
      const at2 = m.index + m[0].length;
      return { messageId: "addFilter", edits: [{ op: "set", path: h.path, value: `${value.slice(0, at2)} --filter ${ISTIO_INIT_FILTER}${value.slice(at2)}` }] };
    }
  }
});

// rules/autoscaler-safe-to-evict.ts
var SAFE_TO_EVICT = "cluster-autoscaler.kubernetes.io/safe-to-evict";
var SAFE_TO_EVICT_LOCAL_VOLUMES = "cluster-autoscaler.kubernetes.io/safe-to-evict-local-volumes";
var USER_VOLUME_ANNOTATION = "sidecar.istio.io/userVolume";
var ISTIO_LOCAL_VOLUMES = ["workload-socket", "credential-socket", "workload-certs", "istio-data"];
var REPLICATED_KINDS = /* @__PURE__ */ new Set(["Deployment", "StatefulSet", "ReplicaSet", "ReplicationController"]);
var isReplicated = (r7) => REPLICATED_KINDS.has(r7.kind) || r7.kind === "Rollout" && r7.apiVersion.startsWith("argoproj.io/");
function isLocalVolume(volume) {
  const v2 = asObject(volume);
  if (!v2) return false;
  if (v2.hostPath !== void 0 && v2.hostPath !== null) return true;
  const sources = Object.keys(v2).filter((k2) => k2 !== "name");
  if (sources.length === 0 || sources.length === 1 && v2[sources[0]] === null) return true;
  if (!Object.hasOwn(v2, "emptyDir")) return false;
  return asObject(v2.emptyDir)?.medium !== "Memory";
}
function listedVolumes(value) {
  return value ? value.split(",") : [];
}
function userVolumeNames(annotation2) {
  if (!annotation2) return [];
  try {
    const parsed = asObject(JSON.parse(annotation2));
    return parsed ? Object.entries(parsed).filter(([, v2]) => isLocalVolume(v2)).map(([k2]) => k2) : [];
  } catch {
    return [];
  }
}
var extrasCache = /* @__PURE__ */ new WeakMap();
function injectorExtras(r7) {
  const none = { injectedAnnotations: {}, gkeWorkloadCertificate: false };
  if (!r7) return none;
  const hit = extrasCache.get(r7);
  if (hit) return hit;
  let annotations2;
  let caName;
  if (r7.kind === "ConfigMap") {
    annotations2 = injectorConfigDataOf(r7).value?.injectedAnnotations;
    caName = getIn(injectorValuesOf(r7), ["global", "caName"]);
  } else if (r7.kind === "IstioOperator") {
    annotations2 = getIn(r7.object, ["spec", "values", "sidecarInjectorWebhook", "injectedAnnotations"]);
    caName = getIn(r7.object, ["spec", "values", "global", "caName"]);
  }
  const injectedAnnotations = {};
  for (const [k2, v2] of Object.entries(asObject(annotations2) ?? {})) injectedAnnotations[k2] = labelString(v2) ?? "";
  const out = { injectedAnnotations, gkeWorkloadCertificate: caName === "GkeWorkloadCertificate" };
  extrasCache.set(r7, out);
  return out;
}
function evictionCheck(annotations2, istioVolumes, ownVolumes) {
  const safe = annotations2[SAFE_TO_EVICT];
  if (safe === "true" || safe === "false") return void 0;
  const listed = listedVolumes(annotations2[SAFE_TO_EVICT_LOCAL_VOLUMES]);
  const blocking = istioVolumes.filter((v2) => !listed.includes(v2));
  if (blocking.length === 0) return void 0;
  const spaced = listed.filter((l) => l !== l.trim() && blocking.includes(l.trim()));
  return { blocking, own: ownVolumes.filter((v2) => !listed.includes(v2)), spaced };
}
var volumesOf = (t) => Array.isArray(t.spec.volumes) ? t.spec.volumes : [];
var volumeName = (v2) => {
  const n = asObject(v2)?.name;
  return typeof n === "string" ? n : void 0;
};
function knownTemplates(t) {
  const names = injectionTemplates(t);
  if (names === void 0) return true;
  return names.length > 0 && names.every((n) => n === "sidecar" || n === "gateway");
}
function injectedVolumes(t, facts) {
  const annotations2 = { ...podFacts(t).annotations };
  const istioNames = new Set(ISTIO_LOCAL_VOLUMES);
  const own = [];
  if (Object.hasOwn(t.annotations, SIDECAR_STATUS_ANNOTATION) && t.containers.some((c) => c.name === "istio-proxy")) {
    const istio2 = [];
    for (const v2 of volumesOf(t)) {
      const name = volumeName(v2);
      if (name === void 0 || !isLocalVolume(v2)) continue;
      (istioNames.has(name) ? istio2 : own).push(name);
    }
    return { istio: istio2, own, annotations: annotations2 };
  }
  const prediction = predictForTemplate(t, facts);
  if (prediction.outcome !== "injected" || !prediction.via || !knownTemplates(t)) return void 0;
  const extras = injectorExtras(facts.mesh.injectorFor(prediction.via.revision).resource);
  Object.assign(annotations2, extras.injectedAnnotations);
  const istio = ISTIO_LOCAL_VOLUMES.filter((v2) => !(v2 === "workload-certs" && extras.gkeWorkloadCertificate));
  istio.push(...userVolumeNames(labelString(t.annotations[USER_VOLUME_ANNOTATION])));
  for (const v2 of volumesOf(t)) {
    const name = volumeName(v2);
    if (name !== void 0 && isLocalVolume(v2)) own.push(name);
  }
  return { istio, own, annotations: annotations2 };
}
var autoscaler_safe_to_evict_default = createRule({
  name: "autoscaler-safe-to-evict",
  meta: {
    type: "suggestion",
    hasSuggestions: true,
    docs: {
      description: "Injected pods whose sidecar volumes keep the cluster-autoscaler from removing their node",
      defaultLevel: "off",
      precision: "medium",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      blocksScaleDown: `This {{ kind }}'s pods get Istio's sidecar, whose emptyDir volumes {{ volumes }} are local storage to the cluster-autoscaler: with its default --skip-nodes-with-local-storage=true it never removes a node that runs one of these pods (Istio #19395).{{ spaced }}{{ own }} Add the pod annotation {{ annotation }}: "{{ list }}", or {{ safe }}: "true" if the pod may always be evicted.`,
      addLocalVolumes: 'List the volumes in {{ annotation }}: "{{ list }}"'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      PodTemplate(t) {
        if (!isReplicated(t.resource)) return;
        const found = injectedVolumes(t, context.facts);
        if (!found) return;
        const check2 = evictionCheck(found.annotations, found.istio, found.own);
        if (!check2) return;
        const written = labelString(t.annotations[SAFE_TO_EVICT_LOCAL_VOLUMES]);
        const listed = listedVolumes(written).map((v2) => v2.trim()).filter((v2) => v2 !== "");
        const list = [.../* @__PURE__ */ new Set([...listed, ...check2.blocking])].join(",");
        const annotationsPath = templatePath(t, "metadata", "annotations");
        let target;
        let edits = [];
        if (written !== void 0) {
          target = [...annotationsPath, SAFE_TO_EVICT_LOCAL_VOLUMES];
          edits = [{ op: "set", path: target, value: list }];
        } else if (Object.hasOwn(t.metadata, "annotations")) {
          target = annotationsPath;
          const a = asObject(t.metadata.annotations);
          if (a && Object.keys(a).length > 0) edits = [{ op: "insert", path: annotationsPath, key: SAFE_TO_EVICT_LOCAL_VOLUMES, value: list }];
        } else {
          const holder = asObject(getIn(t.resource.object, t.path));
          target = holder && Object.hasOwn(holder, "metadata") ? templatePath(t, "metadata") : t.path;
          if (Object.keys(t.metadata).length > 0) edits = [{ op: "insert", path: templatePath(t, "metadata"), key: "annotations", value: { [SAFE_TO_EVICT_LOCAL_VOLUMES]: list } }];
        }
        context.report({
          target: { resource: t.resource, path: target },
          messageId: "blocksScaleDown",
          data: {
            kind: t.resource.kind,
            volumes: check2.blocking.join(", "),
            spaced: check2.spaced.length ? ` Its ${SAFE_TO_EVICT_LOCAL_VOLUMES} has spaces around ${check2.spaced.map((s) => `"${s}"`).join(", ")}: the autoscaler splits on commas and does not trim them.` : "",
            own: check2.own.length ? ` Its own local volumes (${check2.own.join(", ")}) block scale-down too until they are listed.` : "",
            annotation: SAFE_TO_EVICT_LOCAL_VOLUMES,
            list,
            safe: SAFE_TO_EVICT
          },
          suggest: edits.length ? [{ messageId: "addLocalVolumes", data: { annotation: SAFE_TO_EVICT_LOCAL_VOLUMES, list }, edits }] : []
        });
      }
    };
  }
});

// rules/unused-disable-directive.ts
var unused_disable_directive_default = createRule({
  name: "unused-disable-directive",
  meta: {
    type: "suggestion",
    docs: {
      description: "`# meshlint-disable\u2026` comments and `meshlint.io/ignore` entries that suppress no problem, or name an unknown rule",
      defaultLevel: "off",
      precision: "very-high",
      category: "diagnostic",
      istioVersions: "all"
    },
    messages: { unused: "Unused suppression." },
    schema: []
  },
  defaultOptions: [],
  create() {
    return {};
  }
});

// rules/webhook-ca-bundle.ts
var webhook_ca_bundle_default = createRule({
  name: "webhook-ca-bundle",
  meta: {
    type: "problem",
    docs: {
      description: "Injector webhooks with an empty caBundle that istiod will not fill in",
      defaultLevel: "warn",
      precision: "high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      unpatched: `Webhook {{ name }} has no caBundle, and istiod will not fill it in because {{ reason }} (pkg/webhooks/webhookpatch.go). The API server cannot verify the injector: pod creation fails with "x509: certificate signed by unknown authority". Set caBundle, or use cert-manager's cert-manager.io/inject-ca-from annotation.`
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    return {
      Resource(r7) {
        if (!isInjectorConfig(r7)) return;
        for (const w of webhooksOf(r7)) {
          if (w.caBundle !== void 0 && w.caBundle !== "" || w.caInjected || w.index === void 0) continue;
          const reasons = [];
          if (w.revLabel === void 0) reasons.push(`the MutatingWebhookConfiguration has no ${REV_LABEL} label`);
          if (!w.name.endsWith(WEBHOOK_SUFFIX)) reasons.push(`its name does not end in ${WEBHOOK_SUFFIX}`);
          if (reasons.length === 0) continue;
          context.report({
            target: { resource: r7, path: ["webhooks", w.index, "clientConfig"] },
            messageId: "unpatched",
            data: { name: `${w.name} (MutatingWebhookConfiguration ${w.configName})`, reason: reasons.join("; ") }
          });
        }
      }
    };
  }
});

// rules/webhook-overlap.ts
var describe3 = (labels) => {
  const e = Object.entries(labels).filter(([k2]) => k2 !== "kubernetes.io/metadata.name");
  return e.length ? e.map(([k2, v2]) => `${k2}=${v2}`).join(", ") : "no labels";
};
var webhook_overlap_default = createRule({
  name: "webhook-overlap",
  meta: {
    type: "problem",
    docs: {
      description: "Injector webhooks that can match the same pod, which may then be injected twice",
      defaultLevel: "error",
      precision: "high",
      category: "injection",
      istioVersions: "all"
    },
    messages: {
      overlap: "Injector webhook {{ name }} overlaps with {{ others }}: a pod with {{ pod }} in a namespace with {{ namespace }} matches both, so it may be injected twice. Deactivate one (istioctl tag set default deactivates the old default) or narrow its selectors. (istioctl analyze: IST0139)"
    },
    schema: [
      {
        type: "object",
        properties: {
          scope: {
            type: "string",
            enum: ["file", "all"],
            description: "file: compare the configurations of each input file (a rendered install); all: every input together, as one cluster"
          }
        },
        additionalProperties: false
      }
    ]
  },
  defaultOptions: [{ scope: "file" }],
  create(context, [{ scope }]) {
    const configs = [];
    return {
      Resource(r7) {
        if (isInjectorConfig(r7)) configs.push(r7);
      },
      "Program:exit"() {
        const groups = /* @__PURE__ */ new Map();
        for (const r7 of configs) {
          const key = scope === "all" ? "" : r7.doc.file.displayPath;
          const group = groups.get(key) ?? /* @__PURE__ */ new Map();
          group.set(r7.name, r7);
          groups.set(key, group);
        }
        for (const group of groups.values()) checkGroup([...group.values()]);
      }
    };
    function checkGroup(group) {
      const hooks = group.flatMap(webhooksOf).filter((w) => !w.deactivated);
      if (hooks.length < 2) return;
      const revisions = [...new Set(hooks.flatMap((w) => [w.namespaceSelector, w.objectSelector].flatMap((s) => s.requirements.filter((r7) => r7.key === REV_LABEL && r7.operator === "In").flatMap((r7) => r7.values))))].sort();
      const nsPerms = [];
      const podPerms = [];
      for (const rev of [void 0, ...revisions]) {
        for (const base of [{}, { [NS_INJECTION_LABEL]: "enabled" }, { [NS_INJECTION_LABEL]: "disabled" }]) {
          nsPerms.push({ ...base, ...rev ? { [REV_LABEL]: rev } : {}, "kubernetes.io/metadata.name": "any" });
        }
        for (const base of [{}, { [INJECT_KEY]: "true" }, { [INJECT_KEY]: "false" }]) podPerms.push({ ...base, ...rev ? { [REV_LABEL]: rev } : {} });
      }
      const reported = /* @__PURE__ */ new Map();
      for (const ns2 of nsPerms) {
        for (const pod of podPerms) {
          const hit = hooks.filter((w) => matches(w.namespaceSelector, knownLabels(ns2)) === true && matches(w.objectSelector, knownLabels(pod)) === true);
          if (hit.length < 2) continue;
          for (const w of hit) {
            const entry = reported.get(w) ?? { others: /* @__PURE__ */ new Map(), ns: ns2, pod };
            for (const o of hit) if (o !== w) entry.others.set(`${o.name} (MutatingWebhookConfiguration ${o.configName})`, o);
            reported.set(w, entry);
          }
        }
      }
      for (const [w, e] of reported) {
        if (!w.resource || w.index === void 0) continue;
        context.report({
          target: { resource: w.resource, path: ["webhooks", w.index, "name"] },
          messageId: "overlap",
          data: { name: `${w.name} (MutatingWebhookConfiguration ${w.configName})`, others: [...e.others.keys()].join(", "), pod: describe3(e.pod), namespace: describe3(e.ns) },
          related: [...e.others].flatMap(
            ([label, o]) => o.resource && o.index !== void 0 ? [{ target: { resource: o.resource, path: ["webhooks", o.index, "name"] }, message: `overlapping webhook ${label}` }] : []
          )
        });
      }
    }
  }
});

// rules/yaml-nonstring-value.ts
function stringMaps(r7) {
  const out = [];
  const add = (path, v2) => {
    const map = asObject(v2);
    if (map) out.push({ path, map });
  };
  const md = asObject(r7.object.metadata);
  add(["metadata", "labels"], md?.labels);
  add(["metadata", "annotations"], md?.annotations);
  if ((r7.kind === "ConfigMap" || r7.kind === "Secret") && r7.apiVersion === "v1") {
    add(["data"], r7.object.data);
    if (r7.kind === "Secret") add(["stringData"], r7.object.stringData);
  }
  const spec = asObject(r7.object.spec);
  if (r7.kind === "Service" && r7.apiVersion === "v1") add(["spec", "selector"], spec?.selector);
  const t = podTemplateOf(r7);
  if (t) {
    if (t.path.length > 0) {
      add([...t.path, "metadata", "labels"], t.metadata.labels);
      add([...t.path, "metadata", "annotations"], t.metadata.annotations);
      add(["spec", "selector", "matchLabels"], asObject(spec?.selector)?.matchLabels);
    }
    add([...t.path, "spec", "nodeSelector"], t.spec.nodeSelector);
  }
  return out;
}
var yaml_nonstring_value_default = createRule({
  name: "yaml-nonstring-value",
  meta: {
    type: "problem",
    fixable: "code",
    hasSuggestions: true,
    docs: {
      description: "Unquoted booleans and numbers where Kubernetes requires strings (labels, annotations, env values, ConfigMap data)",
      defaultLevel: "error",
      precision: "very-high",
      category: "yaml",
      istioVersions: "all"
    },
    messages: {
      nonString: '{{ what }} "{{ key }}"{{ where }} is {{ type }} {{ value }}, not a string: YAML reads it unquoted as {{ type }}, and the API server rejects the object ("cannot unmarshal {{ goType }} into \u2026 of type string"). Quote it.',
      empty: '{{ what }} "{{ key }}" has no value: Kubernetes stores an empty string. Write the value, or "" if empty is meant.',
      setEmpty: 'Set it to "" explicitly.'
    },
    schema: []
  },
  defaultOptions: [],
  create(context) {
    const check2 = (resource, path, key, value, what) => {
      if (typeof value === "string") return;
      const at2 = [...path, key];
      if (value === null) {
        if (what === "Data key") return;
        context.report({ target: { resource, path: at2 }, messageId: "empty", severity: "warn", data: { what, key }, suggest: [{ messageId: "setEmpty", edits: [{ op: "set", path: at2, value: "" }] }] });
        return;
      }
      if (typeof value !== "boolean" && typeof value !== "number") return;
      const type = typeof value === "boolean" ? "a boolean" : "a number";
      const goType = typeof value === "boolean" ? "bool" : "number";
      context.report({ target: { resource, path: at2 }, messageId: "nonString", data: { what, key, where: "", type, value: String(value), goType }, fix: [{ op: "quote", path: at2 }] });
    };
    const whatOf = (path) => {
      const last = path[path.length - 1];
      if (last === "labels") return "Label";
      if (last === "annotations") return "Annotation";
      if (last === "data" || last === "stringData") return "Data key";
      if (last === "nodeSelector") return "nodeSelector";
      return "Selector label";
    };
    return {
      Resource(resource) {
        const template = podTemplateOf(resource);
        for (const { path, map } of stringMaps(resource)) {
          const onTemplate = template !== void 0 && path.length === template.path.length + 2 && template.path.every((p, i) => path[i] === p) && path[path.length - 2] === "metadata";
          for (const [k2, v2] of Object.entries(map)) {
            if (onTemplate && k2 === INJECT_KEY && (path[path.length - 1] === "labels" || path[path.length - 1] === "annotations")) continue;
            check2(resource, path, k2, v2, whatOf(path));
          }
        }
      },
      Container(c) {
        const env = c.object.env;
        if (!Array.isArray(env)) return;
        env.forEach((e, i) => {
          const entry = asObject(e);
          if (!entry || !("value" in entry)) return;
          const name = typeof entry.name === "string" ? entry.name : `#${i}`;
          const v2 = entry.value;
          if (typeof v2 === "string" || v2 === null) return;
          if (typeof v2 !== "boolean" && typeof v2 !== "number") return;
          const type = typeof v2 === "boolean" ? "a boolean" : "a number";
          context.report({
            target: { resource: c.template.resource, path: [...c.path, "env", i, "value"] },
            messageId: "nonString",
            data: { what: "Env var", key: name, where: ` of container "${c.name}"`, type, value: String(v2), goType: typeof v2 === "boolean" ? "bool" : "number" },
            fix: [{ op: "quote", path: [...c.path, "env", i, "value"] }]
          });
        });
      }
    };
  }
});

// rules/index.ts
var allRules = [
  parse_error_default,
  unrendered_template_default,
  duplicate_key_default,
  yaml_nonstring_value_default,
  injection_host_network_default,
  injection_ignored_namespace_default,
  inject_value_invalid_default,
  inject_label_conflict_default,
  inject_misplaced_default,
  injection_revision_missing_default,
  injector_policy_invalid_default,
  webhook_overlap_default,
  webhook_ca_bundle_default,
  apiserver_no_proxy_svc_default,
  startup_order_hold_default,
  job_sidecar_never_exits_default,
  pod_security_istio_init_default,
  traffic_annotation_invalid_default,
  proxy_config_invalid_default,
  proxy_uid_conflict_default,
  init_rerun_prune_default,
  autoscaler_safe_to_evict_default,
  unused_disable_directive_default
];
var rulesById = new Map(allRules.map((r7) => [r7.name, r7]));

// src/engine/config.ts
import { dirname, isAbsolute, relative, resolve } from "node:path";

// src/engine/schema.ts
function validateAgainst(schema, value, where) {
  if (schema === void 0) return [];
  if (Array.isArray(schema)) {
    const values = Array.isArray(value) ? value : [];
    const errors = [];
    if (values.length > schema.length) errors.push(`${where}: takes at most ${schema.length} option(s), got ${values.length}`);
    schema.forEach((s, i) => {
      if (i < values.length) errors.push(...check(s, values[i], `${where}[${i}]`));
    });
    return errors;
  }
  return check(schema, value, where);
}
function typeOf(v2) {
  if (v2 === null) return "null";
  if (Array.isArray(v2)) return "array";
  if (typeof v2 === "number") return Number.isInteger(v2) ? "integer" : "number";
  return typeof v2;
}
function check(s, v2, where) {
  const errors = [];
  if (s.type) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const t = typeOf(v2);
    const ok = types.some((x) => x === t || x === "number" && t === "integer");
    if (!ok) return [`${where}: expected ${types.join(" or ")}, got ${t}`];
  }
  if (s.enum && !s.enum.some((e) => e === v2)) errors.push(`${where}: must be one of ${s.enum.map((e) => JSON.stringify(e)).join(", ")}`);
  if ("const" in s && s.const !== v2) errors.push(`${where}: must be ${JSON.stringify(s.const)}`);
  if (s["x-format"] === "label-selector" && typeof v2 === "string") {
    const invalid = parseSelectorString(v2).invalid;
    if (invalid) errors.push(`${where}: not a label selector: ${invalid} (write it as kubectl -l does, e.g. "app in (a,b),tier!=web")`);
  }
  if (typeof v2 === "number") {
    if (typeof s.minimum === "number" && v2 < s.minimum) errors.push(`${where}: must be at least ${s.minimum}`);
    if (typeof s.maximum === "number" && v2 > s.maximum) errors.push(`${where}: must be at most ${s.maximum}`);
  }
  if (Array.isArray(v2)) {
    if (typeof s.minItems === "number" && v2.length < s.minItems) errors.push(`${where}: needs at least ${s.minItems} item(s)`);
    if (s.items && !Array.isArray(s.items)) v2.forEach((item, i) => errors.push(...check(s.items, item, `${where}[${i}]`)));
  }
  if (typeOf(v2) === "object") {
    const obj = v2;
    const props = s.properties ?? {};
    for (const req of Array.isArray(s.required) ? s.required : []) {
      if (!(req in obj)) errors.push(`${where}: missing required key "${req}"`);
    }
    for (const [k2, val] of Object.entries(obj)) {
      const ps2 = props[k2];
      if (ps2) errors.push(...check(ps2, val, `${where}.${k2}`));
      else if (s.additionalProperties === false) {
        errors.push(`${where}: unknown key "${k2}"${suggestKey(k2, Object.keys(props))}`);
      } else if (typeof s.additionalProperties === "object") errors.push(...check(s.additionalProperties, val, `${where}.${k2}`));
    }
  }
  return errors;
}
function suggestKey(key, known) {
  let best;
  let bestDist = Infinity;
  for (const k2 of known) {
    const d = editDistance(key.toLowerCase(), k2.toLowerCase());
    if (d < bestDist) {
      bestDist = d;
      best = k2;
    }
  }
  return best !== void 0 && bestDist <= Math.max(2, Math.floor(key.length / 4)) ? ` (did you mean "${best}"?)` : "";
}

// src/engine/config.ts
var ConfigError = class extends Error {
  constructor(file, key, problem) {
    super(`${file ?? "configuration"}: ${key ? `${key}: ` : ""}${problem}`);
    this.file = file;
    this.key = key;
    this.problem = problem;
  }
  file;
  key;
  problem;
};
var EMPTY_CONFIG = {
  filePath: void 0,
  rules: {},
  ignorePatterns: [],
  defaultNamespace: void 0,
  namespaces: {},
  istio: {},
  helm: { renderCharts: false, charts: [] },
  kustomize: { overlays: [] },
  context: []
};
var TOP_KEYS = ["rules", "ignorePatterns", "defaultNamespace", "namespaces", "istio", "helm", "kustomize", "context"];
var ISTIO_KEYS = [
  "version",
  "revisions",
  "revisionTags",
  "enableNamespacesByDefault",
  "injectionPolicy",
  "nativeSidecars",
  "cni",
  "holdApplicationUntilProxyStarts"
];
var NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var HELM_RELEASE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var HELM_RELEASE_MAX = 53;
var KUBE_VERSION = /^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
var API_VERSION = /^[A-Za-z0-9][A-Za-z0-9.-]*(\/[A-Za-z0-9][A-Za-z0-9.-]*){0,2}$/;
function isHelmReleaseName(v2) {
  return v2.length <= HELM_RELEASE_MAX && HELM_RELEASE_NAME.test(v2);
}
var isObj = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2);
function parseLevel(v2) {
  if (v2 === "off" || v2 === 0) return "off";
  if (v2 === "warn" || v2 === "warning" || v2 === 1) return "warn";
  if (v2 === "error" || v2 === 2) return "error";
  return void 0;
}
function levelToSeverity(level) {
  return level === "error" ? 2 : level === "warn" ? 1 : void 0;
}
function validateConfig(raw, file, rules, scope) {
  if (raw === null || raw === void 0) return { ...EMPTY_CONFIG, filePath: file };
  if (!isObj(raw)) throw new ConfigError(file, "", "the configuration must be a mapping (key: value pairs)");
  for (const key of Object.keys(raw)) {
    if (!TOP_KEYS.includes(key)) {
      throw new ConfigError(file, key, `unknown key${suggestKey(key, TOP_KEYS)}; known keys: ${TOP_KEYS.join(", ")}`);
    }
  }
  const rulesOut = {};
  if (raw.rules !== void 0) {
    if (!isObj(raw.rules)) throw new ConfigError(file, "rules", "must be a mapping of rule id to level");
    for (const [id, setting] of Object.entries(raw.rules)) {
      rulesOut[id] = parseRuleSetting(id, setting, rules, file, `rules.${id}`);
    }
  }
  const ignorePatterns = stringList(raw.ignorePatterns, file, "ignorePatterns");
  let defaultNamespace;
  if (raw.defaultNamespace !== void 0) {
    if (typeof raw.defaultNamespace !== "string" || !NAMESPACE_NAME.test(raw.defaultNamespace)) {
      throw new ConfigError(file, "defaultNamespace", 'must be a namespace name (lowercase letters, digits and "-")');
    }
    defaultNamespace = raw.defaultNamespace;
  }
  const namespaces = {};
  if (raw.namespaces !== void 0) {
    if (!isObj(raw.namespaces)) throw new ConfigError(file, "namespaces", "must be a mapping of namespace name to { labels: \u2026 }");
    for (const [name, ns2] of Object.entries(raw.namespaces)) {
      const key = `namespaces.${name}`;
      if (!NAMESPACE_NAME.test(name)) throw new ConfigError(file, key, "is not a valid namespace name");
      if (ns2 === null) {
        namespaces[name] = { labels: {} };
        continue;
      }
      if (!isObj(ns2)) throw new ConfigError(file, key, 'must be a mapping with a "labels" key');
      for (const k2 of Object.keys(ns2)) if (k2 !== "labels") throw new ConfigError(file, `${key}.${k2}`, 'unknown key; a namespace takes only "labels"');
      const labels = {};
      if (ns2.labels !== void 0) {
        if (!isObj(ns2.labels)) throw new ConfigError(file, `${key}.labels`, "must be a mapping of label to value");
        for (const [lk, lv] of Object.entries(ns2.labels)) {
          if (typeof lv !== "string") {
            throw new ConfigError(file, `${key}.labels.${lk}`, `label values are strings: quote it ("${String(lv)}")`);
          }
          labels[lk] = lv;
        }
      }
      namespaces[name] = { labels };
    }
  }
  for (const [i, p] of ignorePatterns.entries()) {
    if (p.split(/[\\/]/).includes("..")) throw new ConfigError(file, `ignorePatterns[${i}]`, `"${p}" reaches above the config file's folder; ignore patterns are relative to it`);
  }
  const istio = parseIstio(raw.istio, file);
  const base = file ? dirname(file) : process.cwd();
  const inRepo = insideRepository(file, scope?.root ?? base, base);
  const helm = parseHelm(raw.helm, file, inRepo);
  const kustomize = parseKustomize(raw.kustomize, file, inRepo);
  const context = stringList(raw.context, file, "context").map((p, i) => inRepo(p, `context[${i}]`));
  return { filePath: file, rules: rulesOut, ignorePatterns, defaultNamespace, namespaces, istio, helm, kustomize, context };
}
function parseRuleSetting(id, setting, rules, file, key) {
  const rule = rules.get(id);
  if (!rule) throw new ConfigError(file, key, `unknown rule${suggestKey(id, [...rules.keys()])}; run "meshlint rules" for the list`);
  const [levelRaw, ...options] = Array.isArray(setting) ? setting : [setting];
  const level = parseLevel(levelRaw);
  if (!level) throw new ConfigError(file, key, `level must be "off", "warn" or "error" (got ${JSON.stringify(levelRaw)})`);
  const errors = validateAgainst(rule.meta.schema, options, "options");
  if (errors.length > 0) throw new ConfigError(file, key, errors.join("; "));
  return { level, options };
}
function stringList(v2, file, key) {
  if (v2 === void 0) return [];
  if (!Array.isArray(v2) || v2.some((x) => typeof x !== "string")) throw new ConfigError(file, key, "must be a list of strings");
  return v2;
}
function parseIstio(v2, file) {
  if (v2 === void 0 || v2 === null) return {};
  if (!isObj(v2)) throw new ConfigError(file, "istio", "must be a mapping");
  const out = {};
  for (const [k2, val] of Object.entries(v2)) {
    const key = `istio.${k2}`;
    switch (k2) {
      case "version": {
        const text = typeof val === "number" ? String(val) : val;
        if (typeof text !== "string" || !parseIstioVersion(text)) {
          throw new ConfigError(file, key, 'must be an Istio version such as "1.27" or "1.26.3" (quote it: 1.30 unquoted is the number 1.3)');
        }
        if (typeof val === "number") {
          throw new ConfigError(file, key, `quote the version, e.g. version: "1.30": YAML reads it unquoted as the number ${text}, dropping trailing zeros (1.30 becomes 1.3)`);
        }
        out.version = text;
        break;
      }
      case "revisions":
        out.revisions = stringList(val, file, key);
        break;
      case "revisionTags":
        if (!isObj(val) || Object.values(val).some((x) => typeof x !== "string")) {
          throw new ConfigError(file, key, "must map each tag to the revision it points at, e.g. { prod: canary }");
        }
        out.revisionTags = val;
        break;
      case "enableNamespacesByDefault":
      case "cni":
      case "holdApplicationUntilProxyStarts":
        if (typeof val !== "boolean") throw new ConfigError(file, key, "must be true or false");
        out[k2] = val;
        break;
      case "injectionPolicy":
        if (val !== "enabled" && val !== "disabled") throw new ConfigError(file, key, 'must be "enabled" or "disabled"');
        out.injectionPolicy = val;
        break;
      case "nativeSidecars": {
        const s = typeof val === "boolean" ? String(val) : val;
        if (s !== "true" && s !== "false" && s !== "auto") throw new ConfigError(file, key, 'must be true, false or "auto"');
        out.nativeSidecars = s;
        break;
      }
      default:
        throw new ConfigError(file, key, `unknown key${suggestKey(k2, ISTIO_KEYS)}; known keys: ${ISTIO_KEYS.join(", ")}`);
    }
  }
  return out;
}
function insideRepository(file, root2, base) {
  return (p, key) => {
    const abs = resolve(base, p);
    const rel = relative(root2, abs);
    if (rel.startsWith("..") || isAbsolute(rel)) {
      throw new ConfigError(file, key, `"${p}" is outside the repository (${root2 === base ? "the config file's folder" : "the folder holding .git"}); a config names only paths inside it. Pass such paths on the command line instead`);
    }
    return abs;
  };
}
var STRINGS = { type: "array", items: { type: "string" } };
var HELM_SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: {
    renderCharts: { type: "boolean" },
    charts: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["path"],
        properties: {
          path: { type: "string" },
          release: { type: "string" },
          namespace: { type: "string" },
          values: STRINGS,
          valuesSets: { type: "array", items: STRINGS },
          set: STRINGS,
          kubeVersion: { type: "string" },
          apiVersions: STRINGS
        }
      }
    }
  }
};
var KUSTOMIZE_SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: { overlays: STRINGS }
};
function checked(schema, v2, file, key) {
  const errors = validateAgainst(schema, v2, key);
  if (errors.length > 0) throw new ConfigError(file, "", errors.join("; "));
  return v2;
}
function refuseBinary(v2, file, section) {
  if (v2 === null || typeof v2 !== "object" || !("binary" in v2)) return;
  const [flag, variable] = section === "helm" ? ["--helm-binary", "MESHLINT_HELM"] : ["--kustomize-binary", "MESHLINT_KUSTOMIZE"];
  throw new ConfigError(file, `${section}.binary`, `a configuration cannot name a program to run (a repository's config would choose what meshlint executes); pass ${flag} PATH or set ${variable} instead`);
}
function parseHelm(v2, file, inRepo) {
  if (v2 === void 0 || v2 === null) return EMPTY_CONFIG.helm;
  refuseBinary(v2, file, "helm");
  const raw = checked(HELM_SCHEMA, v2, file, "helm");
  return {
    renderCharts: raw.renderCharts ?? false,
    charts: (raw.charts ?? []).map((c, i) => {
      const key = `helm.charts[${i}]`;
      if (c.namespace !== void 0 && !NAMESPACE_NAME.test(c.namespace)) throw new ConfigError(file, `${key}.namespace`, "is not a valid namespace name");
      if (c.release !== void 0 && !isHelmReleaseName(c.release)) {
        throw new ConfigError(file, `${key}.release`, `is not a Helm release name (lowercase letters, digits, "-" and ".", at most ${HELM_RELEASE_MAX} characters)`);
      }
      if (c.kubeVersion !== void 0 && !KUBE_VERSION.test(c.kubeVersion)) throw new ConfigError(file, `${key}.kubeVersion`, 'must be a Kubernetes version such as "1.31" or "v1.31.2"');
      for (const [j2, a] of (c.apiVersions ?? []).entries()) {
        if (!API_VERSION.test(a)) throw new ConfigError(file, `${key}.apiVersions[${j2}]`, 'must be group/version or group/version/Kind, e.g. "monitoring.coreos.com/v1"');
      }
      return {
        path: inRepo(c.path, `${key}.path`),
        release: c.release,
        namespace: c.namespace,
        values: (c.values ?? []).map((p, j2) => inRepo(p, `${key}.values[${j2}]`)),
        valuesSets: (c.valuesSets ?? []).map((set, j2) => set.map((p, k2) => inRepo(p, `${key}.valuesSets[${j2}][${k2}]`))),
        set: c.set ?? [],
        kubeVersion: c.kubeVersion,
        apiVersions: c.apiVersions ?? []
      };
    })
  };
}
function parseKustomize(v2, file, inRepo) {
  if (v2 === void 0 || v2 === null) return EMPTY_CONFIG.kustomize;
  refuseBinary(v2, file, "kustomize");
  const raw = checked(KUSTOMIZE_SCHEMA, v2, file, "kustomize");
  return { overlays: (raw.overlays ?? []).map((p, i) => inRepo(p, `kustomize.overlays[${i}]`)) };
}
function withOverrides(config, o, rules) {
  const ruleSettings = { ...config.rules };
  for (const spec of o.rules ?? []) {
    const m = /^([\w-]+)\s*[=:]\s*(.+)$/.exec(spec.trim());
    if (!m) throw new ConfigError("--rule", spec, "expected id=level, e.g. --rule duplicate-key=off");
    const [, id = "", rest = ""] = m;
    let setting = rest.trim();
    if (rest.trim().startsWith("[")) {
      try {
        setting = JSON.parse(rest);
      } catch {
        throw new ConfigError("--rule", spec, `options must be a JSON array, e.g. --rule 'id=["warn", {"x": 1}]'`);
      }
    }
    ruleSettings[id] = parseRuleSetting(id, setting, rules, "--rule", id);
  }
  if (o.namespace !== void 0 && !NAMESPACE_NAME.test(o.namespace)) {
    throw new ConfigError("--namespace", o.namespace, "is not a valid namespace name");
  }
  if (o.istioVersion !== void 0 && !parseIstioVersion(o.istioVersion)) {
    throw new ConfigError("--istio-version", o.istioVersion, "must be an Istio version such as 1.27 or 1.26.3");
  }
  return {
    ...config,
    rules: ruleSettings,
    defaultNamespace: o.namespace ?? config.defaultNamespace,
    istio: o.istioVersion ? { ...config.istio, version: o.istioVersion } : config.istio
  };
}
function effectiveSetting(config, rule) {
  return config.rules[rule.name] ?? { level: rule.meta.docs.defaultLevel, options: [] };
}

// src/load/resources.ts
var isObject = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2);
function isKubeObject(v2) {
  return isObject(v2) && typeof v2.apiVersion === "string" && v2.apiVersion !== "" && typeof v2.kind === "string" && v2.kind !== "";
}
function resourcesOf(doc, defaultNamespace) {
  if (doc.syntaxErrors.length > 0) return { resources: [], skipped: "syntax-error" };
  const v2 = doc.value;
  if (v2 === null || v2 === void 0) return { resources: [], skipped: "empty" };
  if (isObject(v2) && "$patch" in v2) return { resources: [], skipped: "patch" };
  if (!isKubeObject(v2)) return { resources: [], skipped: "not-kubernetes" };
  if (/^kustomize\.config\.k8s\.io\//.test(v2.apiVersion)) return { resources: [], skipped: "kustomize" };
  const kind = v2.kind;
  if ((kind === "List" || kind.endsWith("List")) && Array.isArray(v2.items)) {
    const resources = [];
    v2.items.forEach((item, i) => {
      if (isKubeObject(item)) resources.push(makeResource(doc, ["items", i], item, defaultNamespace));
    });
    return { resources, skipped: resources.length ? void 0 : "empty" };
  }
  return { resources: [makeResource(doc, [], v2, defaultNamespace)], skipped: void 0 };
}
function makeResource(doc, basePath, object, defaultNamespace) {
  const md = isObject(object.metadata) ? object.metadata : {};
  const name = typeof md.name === "string" ? md.name : typeof md.generateName === "string" ? md.generateName : "";
  const declared = typeof md.namespace === "string" && md.namespace !== "" ? md.namespace : void 0;
  const kind = object.kind;
  return {
    doc,
    basePath,
    object,
    apiVersion: object.apiVersion,
    kind,
    name,
    declaredNamespace: declared,
    namespace: declared ?? (isClusterScoped(kind) ? void 0 : defaultNamespace)
  };
}
var CLUSTER_SCOPED = /* @__PURE__ */ new Set([
  "Namespace",
  "Node",
  "PersistentVolume",
  "ClusterRole",
  "ClusterRoleBinding",
  "CustomResourceDefinition",
  "MutatingWebhookConfiguration",
  "ValidatingWebhookConfiguration",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
  "StorageClass",
  "PriorityClass",
  "APIService",
  "CSIDriver",
  "CSINode",
  "IngressClass",
  "RuntimeClass",
  "VolumeAttachment",
  "PodSecurityPolicy",
  "ClusterIssuer",
  "GatewayClass"
]);
function isClusterScoped(kind) {
  return CLUSTER_SCOPED.has(kind);
}
function describeResource(r7) {
  return r7.namespace ? `${r7.kind} ${r7.namespace}/${r7.name}` : `${r7.kind} ${r7.name}`;
}
function resourceIdentity(r7) {
  return `${r7.apiVersion}/${r7.kind}/${r7.declaredNamespace ?? ""}/${r7.name}`;
}

// src/load/template.ts
var BLOCK_SCALAR_START = /(?:^|[:\-?]\s*)[|>][-+0-9]*\s*$/;
function findUnrenderedTemplate(text) {
  const last = text.lastIndexOf("{{");
  if (last === -1) return void 0;
  let blockIndent = -1;
  let offset = 0;
  while (offset <= last) {
    const nl = text.indexOf("\n", offset);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(offset, end);
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === "";
    if (blockIndent >= 0) {
      if (blank || indent > blockIndent) {
        offset = end + 1;
        continue;
      }
      blockIndent = -1;
    }
    const code = /["'#]/.test(line) ? stripStringsAndComment(line) : line;
    const at2 = templateAction(code);
    if (at2 !== -1) return offset + at2;
    if (/[|>]/.test(code) && BLOCK_SCALAR_START.test(code.trimEnd())) blockIndent = indent;
    if (nl === -1) break;
    offset = end + 1;
  }
  return void 0;
}
function templateAction(code) {
  for (let at2 = code.indexOf("{{"); at2 !== -1; at2 = code.indexOf("{{", at2 + 2)) {
    if (code[at2 - 1] !== "$") return at2;
  }
  return -1;
}
function stripStringsAndComment(line) {
  let out = "";
  let prev = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if ((c === '"' || c === "'") && opensAfter(prev)) {
      const close = findClosingQuote(line, i, c);
      if (close === -1) return out;
      out += " ".repeat(close - i + 1);
      i = close;
      continue;
    }
    if (c === "#" && (i === 0 || line[i - 1] === " " || line[i - 1] === "	")) return out;
    out += c;
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}
function isTemplatedDocument(text, start, end) {
  return findUnrenderedTemplate(text.slice(start, end)) !== void 0;
}

// src/model/install.ts
var import_yaml9 = __toESM(require_dist(), 1);
var str2 = (v2) => typeof v2 === "string" ? v2 : void 0;
var nonEmpty = (v2) => Array.isArray(v2) ? v2.length > 0 : asObject(v2) ? Object.keys(asObject(v2)).length > 0 : v2 !== void 0 && v2 !== null && v2 !== "";
function nativeSidecarSetting(v2) {
  const lower = v2.toLowerCase();
  return lower === "true" || lower === "auto" ? lower : "false";
}
function fromValues(values, describe4, target) {
  const out = [];
  const hold = getIn(values, ["global", "proxy", "holdApplicationUntilProxyStarts"]);
  if (typeof hold === "boolean") out.push({ key: "holdValues", value: hold, source: describe4("global.proxy.holdApplicationUntilProxyStarts"), target: target(["global", "proxy", "holdApplicationUntilProxyStarts"]) });
  const lifecycle = getIn(values, ["global", "proxy", "lifecycle"]);
  if (nonEmpty(lifecycle)) out.push({ key: "proxyLifecycle", value: true, source: describe4("global.proxy.lifecycle"), target: target(["global", "proxy", "lifecycle"]) });
  const seccomp = getIn(values, ["global", "proxy", "seccompProfile"]);
  if (seccomp !== void 0) out.push({ key: "proxySeccompProfile", value: nonEmpty(seccomp), source: describe4("global.proxy.seccompProfile"), target: target(["global", "proxy", "seccompProfile"]) });
  const cni = getIn(values, ["pilot", "cni", "enabled"]);
  const oldCni = getIn(values, ["istio_cni", "enabled"]);
  if (typeof cni === "boolean") out.push({ key: "cni", value: cni, source: describe4("pilot.cni.enabled"), target: target(["pilot", "cni", "enabled"]) });
  else if (typeof oldCni === "boolean") out.push({ key: "cni", value: oldCni, source: describe4("istio_cni.enabled"), target: target(["istio_cni", "enabled"]) });
  const native = getIn(values, ["pilot", "env", "ENABLE_NATIVE_SIDECARS"]);
  if (typeof native === "string" || typeof native === "boolean") {
    out.push({ key: "nativeSidecars", value: nativeSidecarSetting(String(native)), source: describe4("pilot.env.ENABLE_NATIVE_SIDECARS"), target: target(["pilot", "env", "ENABLE_NATIVE_SIDECARS"]) });
  }
  return out;
}
function fromProxyDefaults(defaultConfig, source, target) {
  const hold = asObject(defaultConfig)?.holdApplicationUntilProxyStarts;
  return typeof hold === "boolean" ? [{ key: "holdMesh", value: hold, source, target }] : [];
}
function describeDisagreement(found) {
  const byValue = /* @__PURE__ */ new Map();
  for (const c of found) {
    const value = JSON.stringify(c.value);
    const file = "resource" in c.target && c.target.resource ? c.target.resource.doc.file.displayPath : c.source;
    byValue.set(value, (byValue.get(value) ?? /* @__PURE__ */ new Set()).add(file));
  }
  return [...byValue].map(([value, files]) => {
    const list = [...files];
    const shown2 = list.slice(0, 2).join(", ");
    return `${value} in ${shown2}${list.length > 2 ? ` and ${list.length - 2} more files` : ""}`;
  }).join("; ");
}
var MESH_CONFIGMAP = /^istio(?:-(.+))?$/;
function istiodOf(r7) {
  if (r7.kind !== "Deployment") return void 0;
  const m = /^istiod(?:-(.+))?$/.exec(r7.name);
  if (!m) return void 0;
  const discovery = podTemplateOf(r7)?.containers.find((c) => c.name === "discovery");
  if (!discovery) return void 0;
  const env = Array.isArray(discovery.object.env) ? discovery.object.env : [];
  const rev = env.map(asObject).find((e) => e?.name === "REVISION");
  return { revision: str2(rev?.value) || m[1] || "default", discovery };
}
var InstallFactsBuilder = class {
  byRevision = /* @__PURE__ */ new Map();
  /** Facts that hold for every revision (the istio-cni DaemonSet): used when nothing more precise is stated. */
  meshWide = [];
  add(revision, candidates) {
    if (candidates.length === 0) return;
    const list = this.byRevision.get(revision) ?? [];
    list.push(...candidates);
    this.byRevision.set(revision, list);
  }
  addResource(r7) {
    if (r7.kind === "ConfigMap") {
      const data = asObject(r7.object.data) ?? {};
      if (isInjectorConfigMap(r7) && typeof data.values === "string") {
        const values = injectorValuesOf(r7);
        if (!values) return;
        const revision = str2(values.revision) || injectorConfigMapRevision(r7.name) || "default";
        const target = { resource: r7, path: ["data", "values"] };
        this.add(revision, fromValues(values, (k2) => `ConfigMap ${r7.name} (values ${k2})`, () => target));
        return;
      }
      const m = MESH_CONFIGMAP.exec(r7.name);
      if (m && typeof data.mesh === "string") {
        let mesh;
        try {
          mesh = (0, import_yaml9.parse)(data.mesh, { version: "1.1", uniqueKeys: false });
        } catch {
          return;
        }
        const revision = m[1] ?? "default";
        this.add(revision, fromProxyDefaults(asObject(mesh)?.defaultConfig, `ConfigMap ${r7.name} (mesh defaultConfig.holdApplicationUntilProxyStarts)`, { resource: r7, path: ["data", "mesh"] }));
      }
      return;
    }
    if (r7.kind === "IstioOperator" && r7.apiVersion.startsWith("install.istio.io/")) {
      const spec = asObject(r7.object.spec) ?? {};
      const revision = str2(spec.revision) || "default";
      const values = asObject(spec.values) ?? {};
      const candidates = fromValues(values, (k2) => `IstioOperator ${r7.name} (spec.values.${k2})`, (p) => ({ resource: r7, path: ["spec", "values", ...p] }));
      candidates.push(...fromProxyDefaults(getIn(spec, ["meshConfig", "defaultConfig"]), `IstioOperator ${r7.name} (spec.meshConfig.defaultConfig.holdApplicationUntilProxyStarts)`, { resource: r7, path: ["spec", "meshConfig", "defaultConfig", "holdApplicationUntilProxyStarts"] }));
      if (!candidates.some((c) => c.key === "cni") && getIn(spec, ["components", "cni", "enabled"]) === true) {
        candidates.push({ key: "cni", value: true, source: `IstioOperator ${r7.name} (spec.components.cni.enabled)`, target: { resource: r7, path: ["spec", "components", "cni", "enabled"] } });
      }
      this.add(revision, candidates);
      return;
    }
    const istiod = istiodOf(r7);
    if (istiod) {
      const { revision, discovery } = istiod;
      const env = Array.isArray(discovery.object.env) ? discovery.object.env : [];
      env.forEach((e, i) => {
        const entry = asObject(e);
        if (entry?.name !== "ENABLE_NATIVE_SIDECARS") return;
        const value = entry.value;
        if (typeof value !== "string" && typeof value !== "boolean") return;
        this.add(revision, [{ key: "nativeSidecars", value: nativeSidecarSetting(String(value)), source: `Deployment ${r7.name} (env ENABLE_NATIVE_SIDECARS)`, target: { resource: r7, path: [...discovery.path, "env", i, "value"] } }]);
      });
      return;
    }
    if (r7.kind === "DaemonSet" && (r7.name === "istio-cni-node" || podTemplateOf(r7)?.containers.some((c) => c.name === "install-cni"))) {
      this.meshWide.push({ key: "cni", value: true, source: `DaemonSet ${r7.name} (the istio-cni node agent)`, target: { resource: r7, path: ["metadata", "name"] } });
    }
  }
  /** The settings of each revision; `notes` says where inputs disagree or override the config. */
  build(config) {
    const notes = [];
    const cache2 = /* @__PURE__ */ new Map();
    const noted = /* @__PURE__ */ new Set();
    const note = (text) => {
      if (noted.has(text)) return;
      noted.add(text);
      notes.push(text);
    };
    const resolve11 = (revision, key, label, config2) => {
      const tiers = [(this.byRevision.get(revision) ?? []).filter((c) => c.key === key), this.meshWide.filter((c) => c.key === key)];
      for (const found of tiers) {
        if (found.length === 0) continue;
        const values = new Set(found.map((c2) => JSON.stringify(c2.value)));
        if (values.size > 1) {
          note(`the inputs disagree on ${label} for revision ${revision} (${describeDisagreement(found)}); it is treated as unknown`);
          return void 0;
        }
        const c = found[0];
        if (config2?.value !== void 0 && JSON.stringify(config2.value) !== JSON.stringify(c.value)) {
          note(`${c.source} says ${JSON.stringify(c.value)}, the config's istio.${config2.name} says ${JSON.stringify(config2.value)}; the input is used`);
        }
        return { value: c.value, source: c.source, origin: "input", target: c.target };
      }
      if (config2?.value === void 0) return void 0;
      return { value: config2.value, source: `istio.${config2.name} in the config file`, origin: "config", target: void 0 };
    };
    const settingsFor = (revision) => {
      const hit = cache2.get(revision);
      if (hit) return hit;
      const s = {
        revision,
        cni: resolve11(revision, "cni", "CNI", { name: "cni", value: config.cni }),
        nativeSidecars: resolve11(revision, "nativeSidecars", "ENABLE_NATIVE_SIDECARS", { name: "nativeSidecars", value: config.nativeSidecars }),
        holdMesh: resolve11(revision, "holdMesh", "meshConfig.defaultConfig.holdApplicationUntilProxyStarts", { name: "holdApplicationUntilProxyStarts", value: config.holdApplicationUntilProxyStarts }),
        holdValues: resolve11(revision, "holdValues", "global.proxy.holdApplicationUntilProxyStarts"),
        proxyLifecycle: resolve11(revision, "proxyLifecycle", "global.proxy.lifecycle"),
        proxySeccompProfile: resolve11(revision, "proxySeccompProfile", "global.proxy.seccompProfile")
      };
      cache2.set(revision, s);
      return s;
    };
    for (const rev of this.byRevision.keys()) settingsFor(rev);
    if (this.byRevision.size === 0) settingsFor("default");
    return { settingsFor, notes };
  }
};

// src/model/facts.ts
function sameLabels(a, b) {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k2) => a[k2] === b[k2]);
}
var FactsBuilder = class {
  namespaceDefinitions = /* @__PURE__ */ new Map();
  webhookConfigs = [];
  injectorConfigMaps = [];
  operators = [];
  installSettings = new InstallFactsBuilder();
  /** Records what a resource tells about the cluster. Called for every resource of every input. */
  addResource(r7) {
    this.installSettings.addResource(r7);
    if (isInjectorConfig(r7)) this.webhookConfigs.push(r7);
    else if (isInjectorConfigMap(r7)) this.injectorConfigMaps.push(r7);
    else if (r7.kind === "IstioOperator") {
      const facts = istioOperatorFacts(r7);
      if (facts) this.operators.push({ resource: r7, facts });
    }
    if (r7.kind === "Namespace" && r7.apiVersion === "v1" && r7.name) {
      const md = asObject(r7.object.metadata) ?? {};
      const labels = {};
      for (const [k2, v2] of Object.entries(asObject(md.labels) ?? {})) labels[k2] = labelString(v2) ?? "";
      labels["kubernetes.io/metadata.name"] = r7.name;
      const list = this.namespaceDefinitions.get(r7.name) ?? [];
      list.push({ name: r7.name, labels, origin: "input", resource: r7 });
      this.namespaceDefinitions.set(r7.name, list);
    }
  }
  build(input2) {
    const namespaces = /* @__PURE__ */ new Map();
    const namespaceNotes = [];
    for (const [name, defs] of this.namespaceDefinitions) {
      const first = defs[0];
      const same = defs.every((d) => sameLabels(d.labels, first.labels));
      if (same) namespaces.set(name, defs[defs.length - 1]);
      else {
        const files = [...new Set(defs.map((d) => d.resource?.doc.file.displayPath))].join(", ");
        namespaceNotes.push(`namespace ${name} is defined ${defs.length} times with different labels (${files}); its labels are treated as unknown`);
      }
    }
    for (const [name, ns2] of Object.entries(input2.configNamespaces ?? {})) {
      if (namespaces.has(name)) continue;
      namespaces.set(name, {
        name,
        labels: { ...ns2.labels ?? {}, "kubernetes.io/metadata.name": name },
        origin: "config"
      });
    }
    const stated = input2.cliIstioVersion ?? input2.mesh?.version;
    const version = stated ? parseIstioVersion(stated) : void 0;
    const install = this.install(input2.mesh ?? {});
    const settings = this.installSettings.build(input2.mesh ?? {});
    return {
      namespaces,
      mesh: {
        version: version ?? DEFAULT_ISTIO_VERSION,
        versionOrigin: input2.cliIstioVersion ? "cli" : input2.mesh?.version ? "config" : "default",
        ...install,
        installFor: settings.settingsFor,
        notes: [...namespaceNotes, ...install.notes, ...settings.notes],
        settings: input2.mesh ?? {}
      }
    };
  }
  /** Webhooks and injector configs: the inputs win over the config, which wins over a default install. */
  install(settings) {
    const notes = [];
    const injectorConfigs = this.injectorConfigMaps.map(injectorConfigOf);
    const configStatesShape = settings.revisions !== void 0 || settings.revisionTags !== void 0;
    const enableByDefault = settings.enableNamespacesByDefault ?? this.operators.find((o) => o.facts.enableNamespacesByDefault !== void 0)?.facts.enableNamespacesByDefault ?? injectorConfigs.find((c) => c.enableNamespacesByDefault !== void 0)?.enableNamespacesByDefault ?? false;
    let webhooks;
    let webhooksOrigin;
    if (this.webhookConfigs.length > 0) {
      webhooks = this.webhookConfigs.flatMap(webhooksOf);
      webhooksOrigin = "input";
    } else if (this.operators.length > 0) {
      const revisions = [...new Set(this.operators.map((o) => o.facts.revision))];
      webhooks = generateWebhooks({ revisions, tags: settings.revisionTags ?? {}, enableNamespacesByDefault: enableByDefault }, "input");
      webhooksOrigin = "input";
    } else if (configStatesShape || settings.enableNamespacesByDefault !== void 0) {
      const tagTargets = Object.values(settings.revisionTags ?? {});
      webhooks = generateWebhooks(
        { revisions: settings.revisions ?? [.../* @__PURE__ */ new Set(["default", ...tagTargets])], tags: settings.revisionTags ?? {}, enableNamespacesByDefault: enableByDefault },
        "config"
      );
      webhooksOrigin = "config";
    } else {
      webhooks = generateWebhooks({ revisions: ["default"], tags: {}, enableNamespacesByDefault: enableByDefault }, "assumed");
      webhooksOrigin = "assumed";
    }
    if (webhooksOrigin === "input" && configStatesShape) {
      const fromInputs = [...new Set(webhooks.map((w) => w.tag ?? w.revision))].sort();
      const fromConfig = [...settings.revisions ?? ["default"], ...Object.keys(settings.revisionTags ?? {})].sort();
      if (fromInputs.join() !== fromConfig.join()) {
        notes.push(`the injector webhooks among the inputs serve ${fromInputs.join(", ")}, but the config's istio.revisions/revisionTags say ${fromConfig.join(", ")}; the inputs are used`);
      }
    }
    const byRevision = new Map(injectorConfigs.map((c) => [c.revision, c]));
    const operatorPolicy = new Map(this.operators.filter((o) => o.facts.policy !== void 0).map((o) => [o.facts.revision, o]));
    const injectorFor = (revision) => {
      const found = byRevision.get(revision);
      if (found) return found;
      const op = operatorPolicy.get(revision);
      if (op) {
        return { revision, policy: op.facts.policy, neverInjectSelector: [], alwaysInjectSelector: [], configError: void 0, enableNamespacesByDefault: void 0, origin: "input", resource: op.resource };
      }
      const policy = settings.injectionPolicy;
      return { revision, policy: policy ?? "enabled", neverInjectSelector: [], alwaysInjectSelector: [], configError: void 0, enableNamespacesByDefault: void 0, origin: policy ? "config" : "assumed", resource: void 0 };
    };
    if (settings.injectionPolicy !== void 0) {
      for (const c of injectorConfigs) {
        if (c.policy !== settings.injectionPolicy) notes.push(`ConfigMap ${c.resource?.name} sets injector policy ${JSON.stringify(c.policy)}, the config's istio.injectionPolicy says "${settings.injectionPolicy}"; the input is used`);
      }
    }
    return { webhooks, webhooksOrigin, injectorConfigs, injectorFor, notes };
  }
};
var TOP_LEVEL_KIND2 = /^kind:[ \t]*["']?([A-Za-z0-9]+)/m;
var FACT_KIND_NAMES = /Namespace|List|MutatingWebhookConfiguration|ConfigMap|IstioOperator/;
var ISTIO_NAME = /\bname["']?\s*:\s*["']?istio/;
var INSTALL_WORKLOADS = /ENABLE_NATIVE_SIDECARS|install-cni|istio-cni-node/;
var WORKLOAD_KINDS = /* @__PURE__ */ new Set(["Deployment", "DaemonSet", "StatefulSet", "ReplicaSet", "Pod"]);
function mightHoldFacts(docText) {
  const kind = TOP_LEVEL_KIND2.exec(docText)?.[1];
  if (kind === void 0) return FACT_KIND_NAMES.test(docText) || INSTALL_WORKLOADS.test(docText);
  if (kind === "Namespace" || kind === "MutatingWebhookConfiguration" || kind === "IstioOperator" || kind.endsWith("List")) return true;
  if (kind === "ConfigMap") return ISTIO_NAME.test(docText);
  return WORKLOAD_KINDS.has(kind) && INSTALL_WORKLOADS.test(docText);
}

// src/engine/fix.ts
var import_yaml10 = __toESM(require_dist(), 1);
function renderScalar(value, style = "double") {
  if (typeof value !== "string") return String(value);
  if (style === "plain" && /^[A-Za-z_/][\w./-]*$/.test(value) && !/^(y|yes|n|no|true|false|on|off|null|~)$/i.test(value)) return value;
  return JSON.stringify(value);
}
function lineStart(text, offset) {
  return text.lastIndexOf("\n", offset - 1) + 1;
}
function toTextEdits(locator, doc, edit) {
  const text = doc.file.text;
  const r7 = locator.resolve(doc, edit.path);
  switch (edit.op) {
    case "set": {
      if (!r7.complete || !(0, import_yaml10.isScalar)(r7.node) || !r7.node.range) return void 0;
      const [s, e] = r7.node.range;
      return [{ offset: r7.base + s, endOffset: r7.base + e, text: renderScalar(edit.value, edit.style) }];
    }
    case "quote": {
      if (!r7.complete || !(0, import_yaml10.isScalar)(r7.node) || !r7.node.range || r7.node.type !== "PLAIN") return void 0;
      const [s, e] = r7.node.range;
      const source = text.slice(r7.base + s, r7.base + e);
      return [{ offset: r7.base + s, endOffset: r7.base + e, text: JSON.stringify(source) }];
    }
    case "remove": {
      if (!r7.complete || !r7.pair) return void 0;
      const key = r7.pair.key;
      if (!key?.range || (0, import_yaml10.isMap)(r7.parent) && r7.parent.flow) return void 0;
      const start = lineStart(text, r7.base + key.range[0]);
      if (text.slice(start, r7.base + key.range[0]).trim() !== "") return void 0;
      const valueEnd = r7.base + (r7.node?.range?.[2] ?? key.range[2]);
      let end = lineEnd(text, Math.max(valueEnd - 1, start));
      end = text.indexOf("\n", end) === -1 ? text.length : text.indexOf("\n", end) + 1;
      if ((0, import_yaml10.isMap)(r7.parent) && r7.parent.items.length === 1) {
        const parentRes = locator.resolve(doc, edit.path.slice(0, -1));
        const pk = parentRes.pair?.key;
        if (pk?.range) {
          const pkEnd = r7.base + pk.range[1];
          const colon = text.indexOf(":", pkEnd);
          return [
            { offset: colon + 1, endOffset: colon + 1, text: " {}" },
            { offset: start, endOffset: end, text: "" }
          ];
        }
      }
      return [{ offset: start, endOffset: end, text: "" }];
    }
    case "insert": {
      if (!r7.complete) return void 0;
      const map = r7.node;
      const value = typeof edit.value === "object" ? void 0 : renderScalar(edit.value);
      if ((0, import_yaml10.isMap)(map) && !map.flow && map.items.length > 0) {
        const first = map.items[0]?.key;
        const last = map.items[map.items.length - 1];
        if (!first?.range || !last) return void 0;
        const firstAt = r7.base + first.range[0];
        const indent = firstAt - lineStart(text, firstAt);
        const lastEnd = r7.base + ((last.value?.range ?? last.key?.range)?.[2] ?? first.range[2]);
        let at2 = text.indexOf("\n", Math.max(lastEnd - 1, 0));
        at2 = at2 === -1 ? text.length : at2 + 1;
        const pad = " ".repeat(indent);
        const body = value !== void 0 ? `${pad}${renderScalar(edit.key, "plain")}: ${value}
` : `${pad}${renderScalar(edit.key, "plain")}:
${Object.entries(edit.value).map(([k2, v2]) => `${pad}  ${renderScalar(k2, "plain")}: ${renderScalar(v2)}
`).join("")}`;
        const needsNewline = at2 === text.length && !text.endsWith("\n");
        return [{ offset: at2, endOffset: at2, text: (needsNewline ? "\n" : "") + body }];
      }
      return void 0;
    }
  }
}
function applyTextEdits(text, edits) {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
  let out = "";
  let pos = 0;
  let applied = 0;
  for (const e of sorted) {
    if (e.offset < pos) continue;
    out += text.slice(pos, e.offset) + e.text;
    pos = e.endOffset;
    applied++;
  }
  return { text: out + text.slice(pos), applied };
}

// src/engine/suppress.ts
var IGNORE_ANNOTATION = "meshlint.io/ignore";
var DIRECTIVE = /(?:^|\s)#\s*meshlint-(disable-next-line|disable-line|disable|enable)(?=\s|$)([^\r\n]*)/;
function scanDirectives(text) {
  const out = [];
  if (!text.includes("meshlint-")) return out;
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    const lineText = text.slice(start, end);
    const m = lineText.includes("meshlint-") ? DIRECTIVE.exec(lineText) : null;
    if (m) {
      const [body = "", reason] = (m[2] ?? "").split(/\s--\s?/, 2);
      const ids = body.split(",").map((s) => s.trim()).filter(Boolean);
      const hashAt = lineText.indexOf("#", m.index);
      out.push({
        kind: m[1],
        rules: ids.length ? ids : void 0,
        line,
        offset: start + hashAt,
        // A CRLF line's \r is not part of the comment: the range ends before it.
        endOffset: lineText.endsWith("\r") ? end - 1 : end,
        reason: reason?.trim() || void 0
      });
    }
    if (nl === -1) break;
    start = nl + 1;
    line++;
  }
  return out;
}
var covers = (d, ruleId) => d.rules === void 0 || d.rules.includes(ruleId);
function suppressingDirective(directives, ruleId, line, docStartLine, docEndLine) {
  let block;
  for (const d of directives) {
    if (d.line > line) break;
    if (d.kind === "disable-next-line" && d.line === line - 1 && covers(d, ruleId)) return d;
    if (d.kind === "disable-line" && d.line === line && covers(d, ruleId)) return d;
    if (d.line < docStartLine || d.line > docEndLine) continue;
    if (d.kind === "disable" && covers(d, ruleId)) block = d;
    else if (d.kind === "enable" && block && (d.rules === void 0 || d.rules.includes(ruleId))) block = void 0;
  }
  return block;
}
function ignoredByAnnotation(value) {
  if (typeof value !== "string") return [];
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

// src/engine/linter.ts
var UNUSED_DIRECTIVE_RULE = "unused-disable-directive";
var PARSE_ERROR_RULE = "parse-error";
var MAX_FIX_PASSES = 5;
function lint(inputs, options) {
  let report = lintOnce(inputs, options);
  if (!options.fix) return report;
  let current = inputs;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const byPath = new Map(report.results.map((r7) => [r7.filePath, r7]));
    let changed = false;
    current = current.map((input2) => {
      if (!input2.ok) return input2;
      const edits = (byPath.get(input2.file.displayPath)?.messages ?? []).flatMap((m) => m.fix ? [{ offset: m.fix.range[0], endOffset: m.fix.range[1], text: m.fix.text }] : []);
      if (edits.length === 0) return input2;
      const { text } = applyTextEdits(input2.file.text, edits);
      if (text === input2.file.text) return input2;
      changed = true;
      return { ok: true, file: { ...input2.file, text } };
    });
    if (!changed) break;
    report = lintOnce(current, { ...options, fix: false });
  }
  const original = new Map(inputs.flatMap((i) => i.ok ? [[i.file.displayPath, i.file.text]] : []));
  const fixed = new Map(current.flatMap((i) => i.ok ? [[i.file.displayPath, i.file.text]] : []));
  const results = report.results.map((r7) => {
    const after = fixed.get(r7.filePath);
    return after !== void 0 && after !== original.get(r7.filePath) ? { ...r7, output: after } : r7;
  });
  return { ...report, results };
}
function lintOnce(inputs, options) {
  const { config } = options;
  const locator = new Locator();
  const unrendered = /* @__PURE__ */ new Map();
  const unrenderedAt = (file) => {
    if (!unrendered.has(file)) unrendered.set(file, file.origin ? void 0 : findUnrenderedTemplate(file.text));
    return unrendered.get(file);
  };
  const facts = gatherFacts([...options.context ?? [], ...inputs], config, options.cliIstioVersion, unrenderedAt, options.contextResources);
  const parseErrorRule = options.rules.find((r7) => r7.name === PARSE_ERROR_RULE);
  const notes = [];
  if (parseErrorRule && effectiveSetting(config, parseErrorRule).level === "off") {
    notes.push(`${PARSE_ERROR_RULE} is off: documents with YAML syntax errors are skipped without a finding (files that cannot be read are still errors)`);
  }
  const pending = [];
  const active = [];
  for (const rule of options.rules) {
    const setting = effectiveSetting(config, rule);
    const severity = levelToSeverity(setting.level);
    if (severity === void 0) continue;
    const context = {
      id: rule.name,
      options: setting.options,
      facts,
      report: (d) => pending.push(toFinding(rule, severity, d))
    };
    active.push({ rule, severity, listeners: listenersOf(rule, context) });
  }
  const emit = (kind, ...args) => {
    for (const a of active) {
      const fn2 = a.listeners[kind];
      if (fn2) fn2(...args);
    }
  };
  const stats = { files: 0, documents: 0, resources: 0, podTemplates: 0, unreadableFiles: 0, notTextFiles: 0, unrenderedFiles: 0, skippedDocuments: {} };
  const messages = /* @__PURE__ */ new Map();
  const directivesOf = /* @__PURE__ */ new Map();
  const usedDirectives = /* @__PURE__ */ new Map();
  const annotationUses = [];
  const order = [];
  const listed = /* @__PURE__ */ new Set();
  const directives = (file) => {
    let d = directivesOf.get(file);
    if (!d) {
      d = scanDirectives(file.text);
      directivesOf.set(file, d);
    }
    return d;
  };
  const flush = () => {
    for (const f of pending.splice(0)) {
      const m = resolveFinding(f, locator, directives, usedDirectives, annotationUses);
      if (!m) continue;
      const list = messages.get(m.filePath);
      if (list) list.push(m.message);
      else {
        messages.set(m.filePath, [m.message]);
        if (!listed.has(m.filePath)) {
          listed.add(m.filePath);
          order.push(m.filePath);
        }
      }
    }
  };
  for (const input2 of inputs) {
    stats.files++;
    const displayPath = input2.ok ? input2.file.displayPath : input2.displayPath;
    if (!(input2.ok && input2.file.origin) && !listed.has(displayPath)) {
      listed.add(displayPath);
      order.push(displayPath);
    }
    if (!input2.ok) {
      if (input2.problem === "not-text") stats.notTextFiles++;
      else stats.unreadableFiles++;
      const file2 = { displayPath, absPath: input2.absPath, text: "" };
      emit("File", { file: file2, unrenderedTemplateAt: void 0, readError: input2.reason });
      if (parseErrorRule) pending.push(toFinding(parseErrorRule, 2, { target: { doc: wholeFile(file2), offset: 0, endOffset: 0 }, messageId: "unreadable", data: { reason: input2.reason } }));
      flush();
      continue;
    }
    const file = input2.file;
    if (file.text.includes("meshlint-")) directives(file);
    const at2 = unrenderedAt(file);
    emit("File", { file, unrenderedTemplateAt: at2, readError: void 0 });
    if (at2 !== void 0) stats.unrenderedFiles++;
    for (const doc of (options.documentsOf ?? parseFile)(file)) {
      stats.documents++;
      if (at2 !== void 0 && isTemplatedDocument(file.text, doc.startOffset, doc.endOffset)) {
        stats.skippedDocuments.template = (stats.skippedDocuments.template ?? 0) + 1;
        continue;
      }
      const { resources, skipped } = resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace);
      if (skipped) stats.skippedDocuments[skipped] = (stats.skippedDocuments[skipped] ?? 0) + 1;
      emit("Document", { doc, resources });
      for (const r7 of resources) {
        stats.resources++;
        recordIgnoreAnnotations(r7, annotationUses);
        emit("Resource", r7);
        if (r7.kind === "Namespace") emit("Namespace", r7);
        const template = podTemplateOf(r7);
        if (template) {
          stats.podTemplates++;
          emit("PodTemplate", template);
          for (const c of template.containers) emit("Container", c);
        }
      }
      if (pending.length) flush();
    }
    locator.forget(file);
  }
  emit("Program:exit");
  flush();
  const unusedRule = options.rules.find((r7) => r7.name === UNUSED_DIRECTIVE_RULE);
  const unusedSetting = unusedRule ? effectiveSetting(config, unusedRule) : void 0;
  const unusedSeverity = options.reportUnusedDisableDirectives ? 2 : unusedSetting ? levelToSeverity(unusedSetting.level) : void 0;
  if (unusedSeverity !== void 0) {
    const known = new Set(options.rules.map((r7) => r7.name));
    for (const [file, list] of directivesOf) {
      for (const d of list) {
        if (d.kind === "enable") continue;
        const used = usedDirectives.get(d) ?? /* @__PURE__ */ new Set();
        const unused = d.rules ? d.rules.filter((id) => !used.has(id)) : used.size === 0 ? ["*"] : [];
        for (const id of unused) {
          const text = id === "*" ? `Unused meshlint-${d.kind} directive (no problems were reported here)` : known.has(id) ? `Unused meshlint-${d.kind} directive (no problems were reported from '${id}')` : `meshlint-${d.kind} names an unknown rule '${id}'; run "meshlint rules" for the list`;
          pending.push({
            ruleId: UNUSED_DIRECTIVE_RULE,
            severity: unusedSeverity,
            messageId: void 0,
            message: text,
            target: { doc: wholeFile(file), offset: d.offset, endOffset: d.endOffset },
            fix: void 0,
            suggestions: [],
            related: []
          });
        }
      }
    }
    for (const a of annotationUses) {
      for (const id of a.rules.filter((r7) => !a.used.has(r7) && !(r7 === "*" && a.used.size > 0))) {
        pending.push({
          ruleId: UNUSED_DIRECTIVE_RULE,
          severity: unusedSeverity,
          messageId: void 0,
          message: known.has(id) || id === "*" ? `Unused ${IGNORE_ANNOTATION} entry '${id}' (no problems were reported from it here)` : `${IGNORE_ANNOTATION} names an unknown rule '${id}'; run "meshlint rules" for the list`,
          target: { doc: a.doc, path: a.path },
          fix: void 0,
          suggestions: [],
          related: []
        });
      }
    }
    flush();
  }
  const results = order.map((filePath) => summarize(filePath, messages.get(filePath) ?? []));
  return { results, stats, facts, notes };
}
function gatherFacts(inputs, config, cliIstioVersion, unrenderedAt, known = []) {
  return buildFacts([...known, ...factResources(inputs, config, unrenderedAt)], config, cliIstioVersion);
}
function buildFacts(resources, config, cliIstioVersion) {
  const factsBuilder = new FactsBuilder();
  for (const r7 of resources) factsBuilder.addResource(r7);
  return factsBuilder.build({ configNamespaces: config.namespaces, mesh: config.istio, cliIstioVersion });
}
function factResources(inputs, config, unrenderedAt = (f) => f.origin ? void 0 : findUnrenderedTemplate(f.text)) {
  const out = [];
  for (const input2 of inputs) {
    if (!input2.ok) continue;
    const text = input2.file.text;
    let templated;
    for (const group of groupsOf(text)) {
      if (!mightHoldFacts(text.slice(group.start, group.end))) continue;
      templated ??= unrenderedAt(input2.file) !== void 0;
      if (templated && isTemplatedDocument(text, group.start, group.end)) continue;
      for (const doc of parseGroup(input2.file, group)) {
        out.push(...resourcesOf(doc, doc.file.origin?.namespace ?? config.defaultNamespace).resources);
      }
    }
  }
  return out;
}
function toFinding(rule, severity, d) {
  const template = rule.meta.messages[d.messageId];
  if (template === void 0) throw new Error(`rule ${rule.name} reported an unknown messageId "${d.messageId}"`);
  return {
    ruleId: rule.name,
    severity: d.severity === "warn" ? 1 : severity,
    messageId: d.messageId,
    message: interpolate(template, d.data),
    target: d.target,
    fix: d.fix,
    suggestions: (d.suggest ?? []).map((s) => ({
      messageId: s.messageId,
      desc: interpolate(rule.meta.messages[s.messageId] ?? s.messageId, s.data),
      edits: s.edits
    })),
    related: d.related ?? []
  };
}
function interpolate(template, data) {
  if (!data) return template;
  return template.replace(/\{\{\s*([^{}\s]+?)\s*\}\}/g, (whole, key) => key in data ? String(data[key]) : whole);
}
function locate(target, locator) {
  const located = locatePath(target, locator);
  if ("within" in target && target.within && !("offset" in target)) {
    const whole = locator.wholeNodeOffsets(located.doc, located.docPath ?? []);
    const text = located.doc.file.text.slice(whole[0], whole[1]);
    const m = target.within.exec(text);
    if (m) {
      const lead = m[0].length - m[0].trimStart().length;
      return { ...located, offsets: [whole[0] + m.index + lead, whole[0] + m.index + m[0].trimEnd().length] };
    }
  }
  return located;
}
function locatePath(target, locator) {
  if ("offset" in target) {
    return { doc: target.doc, docPath: target.path, offsets: [target.offset, target.endOffset], resource: target.resource, resourcePath: void 0 };
  }
  if ("doc" in target) {
    const base = target.resource?.basePath ?? [];
    const rel = target.resource && startsWith(target.path, base) ? target.path.slice(base.length) : void 0;
    return { doc: target.doc, docPath: target.path, offsets: locator.offsets(target.doc, target.path), resource: target.resource, resourcePath: rel };
  }
  const docPath = [...target.resource.basePath, ...target.path];
  return { doc: target.resource.doc, docPath, offsets: locator.offsets(target.resource.doc, docPath), resource: target.resource, resourcePath: target.path };
}
function startsWith(path, prefix) {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}
function toRange(locator, file, offsets) {
  const s = locator.position(file, offsets[0]);
  const e = locator.position(file, Math.max(offsets[1], offsets[0]));
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}
function recordIgnoreAnnotations(r7, uses) {
  const add = (annotations2, path) => {
    const value = annotations2?.[IGNORE_ANNOTATION];
    if (value === void 0) return;
    uses.push({ doc: r7.doc, path: [...r7.basePath, ...path, IGNORE_ANNOTATION], rules: ignoredByAnnotation(value), used: /* @__PURE__ */ new Set() });
  };
  add(r7.object.metadata?.annotations, ["metadata", "annotations"]);
  const t = podTemplateOf(r7);
  if (t && t.path.length > 0) add(t.annotations, [...t.path, "metadata", "annotations"]);
}
function annotationSuppression(loc, ruleId, uses) {
  if (!loc.resource) return void 0;
  const base = loc.resource.basePath;
  for (const use of uses) {
    if (use.doc !== loc.doc) continue;
    if (!(use.rules.includes(ruleId) || use.rules.includes("*"))) continue;
    const holder = use.path.slice(0, -3);
    if (!startsWith(holder, base)) continue;
    if (holder.length === base.length || loc.docPath && startsWith(loc.docPath, holder)) return use;
  }
  return void 0;
}
function resolveFinding(f, locator, directives, used, annotationUses) {
  const loc = locate(f.target, locator);
  const file = loc.doc.file;
  const range = toRange(locator, file, loc.offsets);
  if (f.ruleId !== UNUSED_DIRECTIVE_RULE) {
    const ann = annotationSuppression(loc, f.ruleId, annotationUses);
    if (ann) {
      ann.used.add(ann.rules.includes(f.ruleId) ? f.ruleId : "*");
      return void 0;
    }
    const list = directives(file);
    if (list.length > 0) {
      const docStart = locator.position(file, loc.doc.startOffset).line;
      const docEnd = locator.position(file, loc.doc.endOffset).line;
      const d = suppressingDirective(list, f.ruleId, range.line, docStart, docEnd);
      if (d) {
        const set = used.get(d) ?? /* @__PURE__ */ new Set();
        set.add(f.ruleId);
        used.set(d, set);
        return void 0;
      }
    }
  }
  const identity = loc.resource ? `${resourceIdentity(loc.resource)}#${(loc.resourcePath ?? []).join(".")}` : `${file.displayPath}#doc${loc.doc.index}#${loc.docPath ? loc.docPath.join(".") : f.message}`;
  const common = {
    ruleId: f.ruleId,
    severity: f.severity,
    ...f.messageId ? { messageId: f.messageId } : {},
    ...loc.resource ? { resource: describeResource(loc.resource) } : {},
    identity,
    // A rendered input is reported on its template: the header would only repeat the path.
    ...loc.doc.helmSource && !file.origin ? { helmSource: loc.doc.helmSource } : {},
    ...file.origin?.label ? { renders: [file.origin.label] } : {}
  };
  const related = f.related.map((rel) => {
    const l = locate(rel.target, locator);
    const r7 = toRange(locator, l.doc.file, l.offsets);
    const m = l.doc.file.origin?.mapBack({ doc: l.doc, docPath: l.docPath, resource: l.resource, range: r7 });
    return m ? { ...m.range, filePath: m.filePath, message: rel.message } : { ...r7, filePath: l.doc.file.displayPath, message: rel.message };
  });
  const origin = file.origin;
  if (origin) {
    const at2 = origin.mapBack({ doc: loc.doc, docPath: loc.docPath, resource: loc.resource, range });
    const message2 = {
      ...common,
      message: at2.note ? `${f.message} ${at2.note}` : f.message,
      ...at2.range,
      ...related.length ? { related } : {}
    };
    return { filePath: at2.filePath, message: message2 };
  }
  const base = loc.resource?.basePath ?? [];
  const edit = (e) => toTextEdits(locator, loc.doc, base.length ? { ...e, path: [...base, ...e.path] } : e);
  const fix = f.fix ? mergeEdits(file.text, f.fix.map(edit)) : void 0;
  const suggestions = f.suggestions.flatMap((s) => {
    const merged = mergeEdits(file.text, s.edits.map(edit));
    return merged ? [{ desc: s.desc, fix: merged }] : [];
  });
  const message = {
    ...common,
    message: f.message,
    ...range,
    ...fix ? { fix } : {},
    ...suggestions.length ? { suggestions } : {},
    ...related.length ? { related } : {}
  };
  return { filePath: file.displayPath, message };
}
function mergeReports(reports) {
  if (reports.length === 1 && reports[0]) return reports[0];
  const byFile = /* @__PURE__ */ new Map();
  for (const report of reports) {
    for (const r7 of report.results) {
      let kept = byFile.get(r7.filePath);
      if (!kept) byFile.set(r7.filePath, kept = /* @__PURE__ */ new Map());
      for (const m of r7.messages) {
        const key = `${m.line}:${m.column}\0${m.ruleId}\0${m.message}`;
        const seen = kept.get(key);
        if (!seen) kept.set(key, m);
        else if (m.renders) kept.set(key, { ...seen, renders: [.../* @__PURE__ */ new Set([...seen.renders ?? [], ...m.renders])] });
      }
    }
  }
  const results = [...byFile].map(([filePath, kept]) => summarize(filePath, [...kept.values()]));
  const stats = reports.map((r7) => r7.stats).reduce((a, b) => ({
    files: a.files + b.files,
    documents: a.documents + b.documents,
    resources: a.resources + b.resources,
    podTemplates: a.podTemplates + b.podTemplates,
    unreadableFiles: a.unreadableFiles + b.unreadableFiles,
    notTextFiles: a.notTextFiles + b.notTextFiles,
    unrenderedFiles: a.unrenderedFiles + b.unrenderedFiles,
    skippedDocuments: Object.fromEntries(
      [.../* @__PURE__ */ new Set([...Object.keys(a.skippedDocuments), ...Object.keys(b.skippedDocuments)])].map((k2) => [
        k2,
        (a.skippedDocuments[k2] ?? 0) + (b.skippedDocuments[k2] ?? 0)
      ])
    )
  }));
  return { results, stats, facts: reports[0].facts, notes: [...new Set(reports.flatMap((r7) => r7.notes))] };
}
function mergeEdits(text, parts) {
  if (parts.length === 0 || parts.some((p) => p === void 0)) return void 0;
  const edits = parts.flat().sort((a, b) => a.offset - b.offset);
  if (edits.length === 0) return void 0;
  for (let i = 1; i < edits.length; i++) if ((edits[i]?.offset ?? 0) < (edits[i - 1]?.endOffset ?? 0)) return void 0;
  const start = edits[0]?.offset ?? 0;
  const end = Math.max(...edits.map((e) => e.endOffset));
  const { text: replaced } = applyTextEdits(text.slice(start, end), edits.map((e) => ({ ...e, offset: e.offset - start, endOffset: e.endOffset - start })));
  return { range: [start, end], text: replaced };
}
function summarize(filePath, list) {
  list.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId) || a.message.localeCompare(b.message));
  let errorCount = 0;
  let warningCount = 0;
  let fixableErrorCount = 0;
  let fixableWarningCount = 0;
  for (const m of list) {
    if (m.severity === 2) {
      errorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount++;
      if (m.fix) fixableWarningCount++;
    }
  }
  return { filePath, messages: list, errorCount, warningCount, fixableErrorCount, fixableWarningCount };
}

// src/format/text.ts
var ACTIVE_NON_C0 = "\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069";
var UNSAFE_IN_TEXT = new RegExp(`[\0-\b
-${ACTIVE_NON_C0}]`, "g");
var UNSAFE_IN_JSON = new RegExp(`[${ACTIVE_NON_C0}]`, "g");
var uEscape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
function safeText(s) {
  return s.replace(UNSAFE_IN_TEXT, (c) => c === "\n" ? "\\n" : c === "\r" ? "\\r" : uEscape(c));
}
function safeLines(s) {
  const lines = s.split("\n");
  return lines.map((line, i) => i < lines.length - 1 && line.endsWith("\r") ? `${safeText(line.slice(0, -1))}\r` : safeText(line)).join("\n");
}
function jsonText(value, indent) {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, uEscape);
}
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function findingContext(m) {
  return [m.resource, m.helmSource ? `from ${m.helmSource}` : void 0, m.renders?.length ? `in renders: ${m.renders.join("; ")}` : void 0].filter(Boolean).join(", ");
}

// src/format/github.ts
var escapeData = (s) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
var escapeProperty = (s) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
var dropControls = (s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "");
function annotation(path, m) {
  const props = [
    `file=${escapeProperty(dropControls(path))}`,
    `line=${m.line}`,
    `col=${m.column}`,
    `endLine=${m.endLine}`,
    `endColumn=${m.endColumn}`,
    `title=${escapeProperty(`meshlint (${m.ruleId})`)}`
  ].join(",");
  const where = findingContext(m);
  return `::${m.severity === 2 ? "error" : "warning"} ${props}::${escapeData(dropControls(where ? `${m.message} [${where}]` : m.message))}
`;
}
function annotations(results, opts = {}) {
  let text = "";
  let errors = 0;
  let warnings = 0;
  for (const r7 of results) {
    const path = opts.pathOf ? opts.pathOf(r7.filePath) : r7.filePath;
    for (const m of r7.messages) {
      if (m.severity === 2) {
        if (errors >= (opts.maxErrors ?? Infinity)) continue;
        errors++;
      } else {
        if (warnings >= (opts.maxWarnings ?? Infinity)) continue;
        warnings++;
      }
      text += annotation(path, m);
    }
  }
  return { text, errors, warnings };
}
function formatGithub(results) {
  return annotations(results).text;
}
function workflowCommand(kind, message, title) {
  return `::${kind}${title ? ` title=${escapeProperty(dropControls(title))}` : ""}::${escapeData(dropControls(message))}
`;
}

// src/format/json.ts
function formatJson(results) {
  return jsonText(
    results.map((r7) => ({
      filePath: r7.filePath,
      messages: r7.messages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ...m.messageId ? { messageId: m.messageId } : {},
        ...m.resource ? { resource: m.resource } : {},
        ...m.helmSource ? { helmSource: m.helmSource } : {},
        ...m.renders ? { renders: m.renders } : {},
        ...m.fix ? { fix: m.fix } : {},
        ...m.suggestions ? { suggestions: m.suggestions } : {},
        ...m.related ? { related: m.related } : {}
      })),
      errorCount: r7.errorCount,
      warningCount: r7.warningCount,
      fixableErrorCount: r7.fixableErrorCount,
      fixableWarningCount: r7.fixableWarningCount,
      ...r7.output !== void 0 ? { output: r7.output } : {}
    }))
  );
}

// src/builtins.ts
import { createRequire } from "node:module";
var nodeRequire = createRequire(import.meta.url);
function spawnSync(command, args, options) {
  const run = nodeRequire("node:child_process").spawnSync;
  return run(command, args, options);
}
var workerThreads = () => nodeRequire("node:worker_threads");
function garbageCollector() {
  try {
    nodeRequire("node:v8").setFlagsFromString("--expose-gc");
    return nodeRequire("node:vm").runInNewContext("gc");
  } catch {
    return void 0;
  }
}
var crypto = () => nodeRequire("node:crypto");

// src/format/sarif.ts
import { isAbsolute as isAbsolute2, relative as relative2, resolve as resolve2, sep } from "node:path";
import { pathToFileURL } from "node:url";
var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function toUri(path) {
  return path.split("/").map((seg) => encodeURIComponent(seg.replace(LONE_SURROGATE, "\uFFFD"))).join("/");
}
function markdownToText(md) {
  return md.replace(/```[a-z]*\n?/g, "").replace(/`([^`]*)`/g, "$1").replace(/\*\*([^*]+)\*\*/g, "$1").replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1 ($2)").replace(/^#+\s*/gm, "").trim();
}
var pascal = (id) => id.replace(/(^|-)([a-z])/g, (_2, __, ch) => ch.toUpperCase());
function ruleDescriptor(rule, doc, level) {
  const d = rule.meta.docs;
  const full = doc ? (doc.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith("#")) ?? d.description).replace(/\s+/g, " ").trim() : d.description;
  return {
    id: rule.name,
    name: pascal(rule.name),
    shortDescription: { text: d.description.replace(/`/g, "") },
    fullDescription: { text: markdownToText(full) },
    help: { text: doc ? markdownToText(doc) : d.description, markdown: doc ?? d.description },
    helpUri: d.url ?? `${HOMEPAGE}#rules`,
    defaultConfiguration: { level },
    properties: {
      tags: [TOOL_NAME, d.category, ...rule.meta.type === "problem" ? ["correctness"] : ["maintainability"]],
      precision: d.precision,
      "problem.severity": level === "error" ? "error" : level === "warning" ? "warning" : "recommendation"
    }
  };
}
function fingerprint(uri, m) {
  return crypto().createHash("sha256").update(`${m.ruleId}\0${uri}\0${m.identity}\0${m.messageId ?? ""}`).digest("hex").slice(0, 32);
}
function artifactLocation(filePath, opts) {
  if (opts.cwd === void 0 || opts.srcRoot === void 0) return { uri: toUri(filePath), uriBaseId: "%SRCROOT%" };
  const abs = resolve2(opts.cwd, filePath);
  const rel = relative2(opts.srcRoot, abs);
  if (isAbsolute2(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: toUri(rel.split(sep).join("/")), uriBaseId: "%SRCROOT%" };
}
function formatSarif(results, opts) {
  const ruleIndex = new Map(opts.rules.map((r7, i) => [r7.name, i]));
  const sarifResults = [];
  for (const r7 of results) {
    const artifact = artifactLocation(r7.filePath, opts);
    const { uri } = artifact;
    const seen = /* @__PURE__ */ new Map();
    for (const m of r7.messages) {
      const fp = fingerprint(uri, m);
      const n = (seen.get(fp) ?? 0) + 1;
      seen.set(fp, n);
      const where = (m.helmSource ? ` (rendered from ${m.helmSource})` : "") + (m.renders?.length ? ` (in renders: ${m.renders.join("; ")})` : "");
      const result = {
        ruleId: m.ruleId,
        level: m.severity === 2 ? "error" : "warning",
        message: { text: m.message + where },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifact,
              region: { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn }
            },
            ...m.resource ? { logicalLocations: [{ fullyQualifiedName: m.resource, kind: "resource" }] } : {}
          }
        ],
        partialFingerprints: { primaryLocationLineHash: `${fp}:${n}` },
        ...m.related?.length ? {
          relatedLocations: m.related.map((rel, id) => ({
            id,
            message: { text: rel.message },
            physicalLocation: {
              artifactLocation: artifactLocation(rel.filePath, opts),
              region: { startLine: rel.line, startColumn: rel.column, endLine: rel.endLine, endColumn: rel.endColumn }
            }
          }))
        } : {},
        ...m.helmSource || m.renders ? { properties: { ...m.helmSource ? { helmSource: m.helmSource } : {}, ...m.renders ? { renders: m.renders } : {} } } : {}
      };
      const idx = ruleIndex.get(m.ruleId);
      if (idx !== void 0) result.ruleIndex = idx;
      sarifResults.push(result);
    }
  }
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            semanticVersion: VERSION,
            version: VERSION,
            informationUri: HOMEPAGE,
            rules: opts.rules.map((rule) => ruleDescriptor(rule, opts.docs.get(rule.name), opts.levels.get(rule.name) ?? "warning"))
          }
        },
        ...opts.automationId ? { automationDetails: { id: opts.automationId } } : {},
        columnKind: "utf16CodeUnits",
        results: sarifResults
      }
    ]
  };
  return jsonText(log, 2);
}

// src/format/stylish.ts
function formatStylish(results, opts) {
  const c = (code, s) => opts.color ? `\x1B[${code}m${s}\x1B[0m` : s;
  let out = "";
  let errors = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  for (const r7 of results) {
    if (r7.messages.length === 0) continue;
    errors += r7.errorCount;
    warnings += r7.warningCount;
    fixableErrors += r7.fixableErrorCount;
    fixableWarnings += r7.fixableWarningCount;
    out += `
${c("4", safeText(r7.filePath))}
`;
    const rows = r7.messages.map((m) => ({
      pos: `${m.line}:${m.column}`,
      sev: m.severity === 2 ? "error" : "warning",
      m
    }));
    const posWidth = Math.max(...rows.map((x) => x.pos.length));
    for (const { pos, sev, m } of rows) {
      const where = findingContext(m);
      out += `  ${c("2", pos.padEnd(posWidth))}  ${sev === "error" ? c("31", "error  ") : c("33", "warning")}  ${safeText(m.message)}  ${c("2", m.ruleId)}
`;
      if (where) out += `  ${" ".repeat(posWidth)}           ${c("2", safeText(where))}
`;
    }
  }
  const total = errors + warnings;
  if (total === 0) return "";
  const summary = `${total === 1 ? "1 problem" : `${total} problems`} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  out += `
${c(errors ? "31;1" : "33;1", `\u2716 ${summary}`)}
`;
  if (fixableErrors + fixableWarnings > 0) {
    out += c(errors ? "31;1" : "33;1", `  ${plural(fixableErrors, "error")} and ${plural(fixableWarnings, "warning")} potentially fixable with the \`--fix\` option.`) + "\n";
  }
  return out;
}

// src/load/config-file.ts
var import_yaml13 = __toESM(require_dist(), 1);
import { existsSync } from "node:fs";
import { dirname as dirname2, join, resolve as resolve3 } from "node:path";

// src/load/read.ts
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { relative as relative3, sep as sep2, isAbsolute as isAbsolute3 } from "node:path";
var decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function displayPathOf(absPath, cwd) {
  const rel = relative3(cwd, absPath);
  const shown2 = rel === "" || isAbsolute3(rel) ? absPath : rel;
  return shown2.split(sep2).join("/");
}
function decodeSource(bytes, displayPath, absPath) {
  if (bytes.includes(0)) return { ok: false, displayPath, absPath, reason: "binary file (contains NUL bytes); not YAML or JSON", problem: "not-text" };
  let text;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, displayPath, absPath, reason: "not valid UTF-8 text; Kubernetes manifests must be UTF-8", problem: "not-text" };
  }
  const bom = text.charCodeAt(0) === 65279;
  if (bom) text = text.slice(1);
  return { ok: true, file: { displayPath, absPath, text, bom } };
}
function readSource(absPath, cwd) {
  const displayPath = displayPathOf(absPath, cwd);
  const read2 = readRegularFile(absPath);
  if (!read2.ok) return { ok: false, displayPath, absPath, reason: `cannot read the file: ${read2.why}`, problem: "unreadable" };
  return decodeSource(read2.bytes, displayPath, absPath);
}
function fileTypeOf(st2) {
  if (st2.isFile()) return "file";
  if (st2.isDirectory()) return "directory";
  if (st2.isFIFO()) return "FIFO";
  if (st2.isSocket()) return "socket";
  if (st2.isCharacterDevice()) return "character device";
  if (st2.isBlockDevice()) return "block device";
  if (st2.isSymbolicLink()) return "symbolic link";
  return "unknown file type";
}
function describeFsError(e) {
  const code = e?.code;
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ENOENT":
      return "no such file";
    case "ENOTDIR":
      return "a part of the path is a file, not a folder";
    case "ELOOP":
      return "symbolic link loop";
    case "ERR_FS_FILE_TOO_LARGE":
      return "larger than the 2 GB a file can be read at once";
    default:
      return code ?? "read error";
  }
}
var OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
function readRegularFile(absPath) {
  let fd;
  try {
    fd = openSync(absPath, OPEN_FLAGS);
  } catch (e) {
    return { ok: false, why: describeFsError(e) };
  }
  try {
    const st2 = fstatSync(fd);
    if (st2.isDirectory()) return { ok: false, why: "is a directory" };
    if (!st2.isFile()) return { ok: false, why: `not a regular file (${fileTypeOf(st2)})` };
    return { ok: true, bytes: readFileSync(fd) };
  } catch (e) {
    return { ok: false, why: describeFsError(e) };
  } finally {
    closeSync(fd);
  }
}

// src/load/config-file.ts
var CONFIG_NAMES = [".meshlint.yaml", ".meshlint.yml", ".meshlint.json"];
function findConfigFile(dir) {
  for (let d = resolve3(dir); ; d = dirname2(d)) {
    for (const name of CONFIG_NAMES) {
      const p = join(d, name);
      if (existsSync(p)) return p;
    }
    if (dirname2(d) === d) return void 0;
  }
}
function readConfigFile(path) {
  const read2 = readRegularFile(path);
  if (!read2.ok) {
    const hint = read2.why === "permission denied" ? " (make it readable)" : /directory|regular/.test(read2.why) ? "; the configuration must be a regular file" : "";
    throw new ConfigError(path, "", `cannot read the file: ${read2.why}${hint}`);
  }
  const text = read2.bytes.toString("utf8");
  if (/\.(js|cjs|mjs|ts)$/i.test(path)) {
    throw new ConfigError(path, "", "configuration is data only: use .meshlint.yaml or .meshlint.json");
  }
  const lineCounter = new import_yaml13.LineCounter();
  const doc = (0, import_yaml13.parseDocument)(text, { uniqueKeys: true, prettyErrors: false, lineCounter });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0] ?? lineCounter.linePos(err.pos[0]);
    throw new ConfigError(path, pos ? `line ${pos.line}, column ${pos.col}` : "", err.message.split("\n")[0] ?? "invalid YAML");
  }
  return doc.toJS({ maxAliasCount: 100 });
}

// src/load/boundary.ts
import { existsSync as existsSync2, realpathSync } from "node:fs";
import { dirname as dirname3, isAbsolute as isAbsolute4, join as join2, relative as relative4, resolve as resolve4 } from "node:path";
function repoRoot(dir) {
  for (let d = dir; ; d = dirname3(d)) {
    if (existsSync2(join2(d, ".git"))) return d;
    if (dirname3(d) === d) return void 0;
  }
}
function isInside(dir, path) {
  const rel = relative4(dir, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute4(rel);
}
function realPath(path) {
  try {
    return realpathSync(path);
  } catch {
    return void 0;
  }
}
function repositoryOf(path, cwd) {
  const abs = resolve4(cwd, path);
  const root2 = repoRoot(abs) ?? repoRoot(dirname3(abs));
  if (root2) return root2;
  return isInside(cwd, abs) ? cwd : dirname3(abs);
}
function escapesThroughLink(root2, path) {
  if (!isInside(root2, path)) return false;
  const real = realPath(path);
  if (real === void 0) return false;
  const realRoot = realPath(root2) ?? root2;
  return !isInside(realRoot, real);
}
function configRoot(configFile) {
  const dir = dirname3(configFile);
  return repoRoot(dir) ?? dir;
}

// src/load/context.ts
import { dirname as dirname5 } from "node:path";

// src/load/discover.ts
import { existsSync as existsSync3, lstatSync, readdirSync, realpathSync as realpathSync2, statSync } from "node:fs";
import { dirname as dirname4, isAbsolute as isAbsolute5, join as join3, relative as relative5, resolve as resolve5, sep as sep3 } from "node:path";

// node_modules/glob/dist/esm/index.min.js
import { fileURLToPath as yn } from "node:url";
import { tracingChannel as Fi, channel as Ti } from "node:diagnostics_channel";
import { posix as qi, win32 as Ne } from "node:path";
import { fileURLToPath as Ki } from "node:url";
import { lstatSync as Xi, readdir as Vi, readdirSync as Yi, readlinkSync as Ji, realpathSync as Zi } from "fs";
import * as Qi from "node:fs";
import { lstat as en, readdir as sn, readlink as nn, realpath as rn } from "node:fs/promises";
import { EventEmitter as Te } from "node:events";
import ys from "node:stream";
import { StringDecoder as zi } from "node:string_decoder";
var re = (r7, t, e) => {
  let s = r7 instanceof RegExp ? We(r7, e) : r7, i = t instanceof RegExp ? We(t, e) : t, n = s !== null && i != null && js(s, i, e);
  return n && { start: n[0], end: n[1], pre: e.slice(0, n[0]), body: e.slice(n[0] + s.length, n[1]), post: e.slice(n[1] + i.length) };
};
var We = (r7, t) => {
  let e = t.match(r7);
  return e ? e[0] : null;
};
var js = (r7, t, e) => {
  let s, i, n, o, h, a = e.indexOf(r7), l = e.indexOf(t, a + 1), c = a;
  if (a >= 0 && l > 0) {
    if (r7 === t) return [a, l];
    for (s = [], n = e.length; c >= 0 && !h; ) {
      if (c === a) s.push(c), a = e.indexOf(r7, c + 1);
      else if (s.length === 1) {
        let f = s.pop();
        f !== void 0 && (h = [f, l]);
      } else i = s.pop(), i !== void 0 && i < n && (n = i, o = l), l = e.indexOf(t, c + 1);
      c = a < l && a >= 0 ? a : l;
    }
    s.length && o !== void 0 && (h = [n, o]);
  }
  return h;
};
var $e = "\0SLASH" + Math.random() + "\0";
var Ie = "\0OPEN" + Math.random() + "\0";
var le = "\0CLOSE" + Math.random() + "\0";
var Be = "\0COMMA" + Math.random() + "\0";
var Ue = "\0PERIOD" + Math.random() + "\0";
var Ws = new RegExp($e, "g");
var $s = new RegExp(Ie, "g");
var Is = new RegExp(le, "g");
var Bs = new RegExp(Be, "g");
var Us = new RegExp(Ue, "g");
var Gs = /\\\\/g;
var Hs = /\\{/g;
var qs = /\\}/g;
var Ks = /\\,/g;
var Xs = /\\\./g;
var Vs = 1e5;
var Ys = 4e6;
var Js = 1e3;
var Zs = 1e3;
function oe(r7) {
  return isNaN(r7) ? r7.charCodeAt(0) : parseInt(r7, 10);
}
function Qs(r7) {
  return r7.replace(Gs, $e).replace(Hs, Ie).replace(qs, le).replace(Ks, Be).replace(Xs, Ue);
}
function ti(r7) {
  return r7.replace(Ws, "\\").replace($s, "{").replace(Is, "}").replace(Bs, ",").replace(Us, ".");
}
function he(r7, t) {
  for (let e = 0; e < t.length; e++) r7.push(t[e]);
}
function ei(r7) {
  let t = [], e = "";
  for (; ; ) {
    let s = re("{", "}", r7);
    if (!s) {
      let a = r7.split(",");
      return a[0] = e + a[0], he(t, a), t;
    }
    let { pre: i, body: n, post: o } = s, h = i.split(",");
    if (h[0] = e + h[0], h[h.length - 1] += "{" + n + "}", !o.length) return he(t, h), t;
    e = h.pop(), he(t, h), r7 = o;
  }
}
function Ge(r7, t = {}) {
  if (!r7) return [];
  let { max: e = Vs, maxLength: s = Ys, maxDepth: i = Js, maxRewrites: n = Zs } = t;
  return r7.slice(0, 2) === "{}" && (r7 = "\\{\\}" + r7.slice(2)), ae(Qs(r7), e, s, i, 0, n, true).map(ti);
}
function si(r7) {
  return "{" + r7 + "}";
}
function ii(r7) {
  return /^-?0\d/.test(r7);
}
function ni(r7, t) {
  return r7 <= t;
}
function ri(r7, t) {
  return r7 >= t;
}
function ct(r7, t, e, s, i, n) {
  let o = [], h = 0;
  for (let a = 0; a < r7.length; a++) for (let l = 0; l < e.length; l++) {
    if (o.length >= s) return o;
    let c = r7[a] + t + e[l];
    if (!(n && !c)) {
      if (h + c.length > i) return o;
      o.push(c), h += c.length;
    }
  }
  return o;
}
function oi(r7, t, e, s) {
  let i = r7.split(/\.\./), n = [];
  if (i[0] === void 0 || i[1] === void 0) return n;
  let o = oe(i[0]), h = oe(i[1]), a = Math.max(i[0].length, i[1].length), l = i.length === 3 && i[2] !== void 0 ? Math.max(Math.abs(oe(i[2])), 1) : 1, c = ni;
  h < o && (l *= -1, c = ri);
  let u = i.some(ii), p = 0;
  for (let g = o; c(g, h) && n.length < e; g += l) {
    let d;
    if (t) d = String.fromCharCode(g), d === "\\" && (d = "");
    else if (d = String(g), u) {
      let w = a - d.length;
      if (w > 0) {
        let m = new Array(w + 1).join("0");
        g < 0 ? d = "-" + m + d.slice(1) : d = m + d;
      }
    }
    if (p + d.length > s) break;
    n.push(d), p += d.length;
  }
  return n;
}
function ae(r7, t, e, s, i, n, o) {
  if (i > s) return [r7];
  let h = [""], a = 0, l = false, c = true;
  for (; ; ) {
    let f = re("{", "}", r7);
    if (!f) return ct(h, r7, [""], t, e, l);
    let u = f.pre;
    if (/\$$/.test(u)) {
      if (h = ct(h, u + "{" + f.body + "}", [""], t, e, l && !f.post.length), c = false, !f.post.length) break;
      r7 = f.post;
      continue;
    }
    let p = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(f.body), g = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(f.body), d = p || g, w = f.body.indexOf(",") >= 0;
    if (!d && !w) {
      if (a < n && f.post.match(/,(?!,).*\}/)) {
        a++, r7 = f.pre + "{" + f.body + le + f.post, o = true;
        continue;
      }
      return ct(h, u + "{" + f.body + "}" + f.post, [""], t, e, l);
    }
    c && (l = o && !d, c = false);
    let m;
    if (d) m = oi(f.body, g, t, e);
    else {
      let b = ei(f.body);
      if (b.length === 1 && b[0] !== void 0 && (b = ae(b[0], t, e, s, i + 1, n, false).map(si), b.length === 1)) {
        if (h = ct(h, u + b[0], [""], t, e, l && !f.post.length), !f.post.length) break;
        r7 = f.post;
        continue;
      }
      let x = l && !f.post.length && !u;
      for (let y = 0; x && y < h.length; y++) h[y] && (x = false);
      m = [];
      let S = 0;
      t: for (let y = 0; y < b.length; y++) {
        let q2 = ae(b[y], t, e, s, i + 1, n, false);
        for (let W = 0; W < q2.length; W++) {
          let B = q2[W];
          if (!(x && !B)) {
            if (m.length >= t || S + B.length > e) break t;
            m.push(B), S += B.length;
          }
        }
      }
    }
    if (h = ct(h, u, m, t, e, l && !f.post.length), !f.post.length) break;
    r7 = f.post;
  }
  return h;
}
var fe = (r7, t) => r7 === t ? { t: "lit", ch: String(r7) } : { t: "class", re: new RegExp(`^[${r7}-${t}]$`) };
var ce = (r7, t) => t.map((e) => [fe(r7, r7), ...e]);
var ft = (r7, t) => {
  if (!r7) return [[]];
  let e = +r7[0], s = +t[0], i = r7.slice(1), n = t.slice(1);
  if (e === s) return ce(e, ft(i, n));
  let o = "0".repeat(i.length), h = "9".repeat(i.length), a = [];
  i !== o && a.push(...ce(e++, ft(i, h)));
  let l = n === h ? [] : ce(s--, ft(o, n));
  return e <= s && a.push([fe(e, s), ...Array.from(i, () => fe(0, 9))]), a.push(...l), a;
};
var He = (r7, t, e) => {
  if (e) return ft(String(r7).padStart(e, "0"), String(t).padStart(e, "0"));
  let s = [];
  for (let i = String(r7).length; i <= String(t).length; i++) {
    let n = Math.max(r7, i === 1 ? 0 : 10 ** (i - 1)), o = Math.min(t, 10 ** i - 1);
    s.push(...ft(String(n), String(o)));
  }
  return s;
};
var qe = (r7, t) => {
  let e = Number(r7), s = Number(t);
  if (!Number.isSafeInteger(e) || !Number.isSafeInteger(s)) return;
  e > s && ([e, s] = [s, e]);
  let n = /^-?0\d/.test(r7) || /^-?0\d/.test(t) ? Math.max(r7.length, t.length) : 0, o = [];
  if (e < 0) {
    let h = He(Math.max(-s, 1), -e, n && n - 1);
    o.push(...h.map((a) => [{ t: "lit", ch: "-" }, ...a]));
  }
  return s >= 0 && o.push(...He(Math.max(e, 0), s, n)), o;
};
var hi = { "[:alnum:]": ["\\p{L}\\p{Nl}\\p{Nd}"], "[:alpha:]": ["\\p{L}\\p{Nl}"], "[:ascii:]": ["\\x00-\\x7f"], "[:blank:]": ["\\p{Zs}\\t"], "[:cntrl:]": ["\\p{Cc}"], "[:digit:]": ["\\p{Nd}"], "[:graph:]": ["\\p{Z}\\p{C}", true], "[:lower:]": ["\\p{Ll}"], "[:print:]": ["\\p{C}", true], "[:punct:]": ["\\p{P}\\p{S}"], "[:space:]": ["\\p{Z}\\t\\r\\n\\v\\f"], "[:upper:]": ["\\p{Lu}"], "[:word:]": ["\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}"], "[:xdigit:]": ["A-Fa-f0-9"] };
var ut = (r7) => r7.replace(/[[\]\\-]/g, "\\$&");
var ue = /$./;
var Ke = (r7, t, e = false, s) => {
  let i = (m) => {
    let b = s ? m.normalize(s) : m;
    return [...b].length === 1 ? b : m;
  }, n = t;
  if (r7.charAt(n) !== "[") throw new Error("not in a brace expression");
  let o = [], h = [], a = n + 1, l = false, c = false, f = false, u = n, p = "";
  t: for (; a < r7.length; ) {
    let m = String.fromCodePoint(r7.codePointAt(a));
    if ((m === "!" || m === "^") && a === n + 1) {
      f = true, a++;
      continue;
    }
    if (m === "]" && l && !c) {
      u = a + 1;
      break;
    }
    if (l = true, m === "\\" && !c) {
      c = true, a++;
      continue;
    }
    if (m === "[" && !c) {
      for (let [x, [S, y]] of Object.entries(hi)) if (r7.startsWith(x, a)) {
        if (p) return [ue, r7.length - n];
        a += x.length, y ? h.push(S) : o.push(S);
        continue t;
      }
    }
    c = false;
    let b = i(m);
    if (p) {
      b.codePointAt(0) > p.codePointAt(0) ? o.push(ut(p) + "-" + ut(b)) : b === p && o.push(ut(b)), p = "", a += m.length;
      continue;
    }
    if (r7.startsWith("-]", a + m.length)) {
      o.push(ut(b + "-")), a += m.length + 1;
      continue;
    }
    if (r7.startsWith("-", a + m.length)) {
      p = b, a += m.length + 1;
      continue;
    }
    o.push(ut(b)), a += m.length;
  }
  if (u < a) return [ue, 0];
  if (!o.length && !h.length) return [ue, r7.length - n];
  let g = "[" + (f ? "^" : "") + o.join("") + "]", d = "[" + (f ? "" : "^") + h.join("") + "]", w = "^" + (o.length && h.length ? "(" + g + "|" + d + ")" : o.length ? g : d);
  return [new RegExp(w, e ? "iu" : "u"), u - n];
};
var de = { t: "match", id: 0 };
var ai = "!?+*@";
var Z = (r7) => ({ t: "lit", ch: r7 });
var li = (r7) => r7.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
var Je = (r7) => new RegExp(`^${li(r7)}$`, "iu");
var Dt = /* @__PURE__ */ new Map();
var Ze = (r7) => {
  let t = Dt.get(r7);
  return t || (t = Je(r7), Dt.size >= 1e3 && Dt.clear(), Dt.set(r7, t)), t;
};
var ge = (r7, t) => {
  if (t === r7.ch) return true;
  if (!r7.re) return false;
  let e = t.charCodeAt(0);
  if (e >= 128) return r7.re.test(t);
  let s = r7.ascii ??= new Uint8Array(128);
  return s[e] ||= r7.re.test(t) ? 1 : 2, s[e] === 1;
};
var ci = (r7, t, e, s, i) => {
  let n = [];
  for (let o = 0; o < r7.length; ) {
    let h = String.fromCodePoint(r7.codePointAt(o));
    if (i) {
      let a = h === "\\" && r7.startsWith(i, o + 1) ? 1 : 0;
      if (a || h === i) {
        let l = o + a + i.length, c = r7.indexOf(i, l), f = /^(-?\d+)\.\.(-?\d+)$/.exec(r7.slice(l, c)), u = c !== -1 && f && qe(f[1], f[2]);
        if (u) {
          n.push({ t: "ext", type: "@", alts: u }), o = c + i.length;
          continue;
        }
      }
    }
    if (h === "\\") {
      let a = r7.codePointAt(o + 1), l = a === void 0 ? h : String.fromCodePoint(a);
      n.push(Z(l)), o += 1 + l.length;
      continue;
    }
    if (h === "[") {
      let [a, l] = Ke(r7, o, t, s);
      if (l) {
        n.push({ t: "class", re: a }), o += l;
        continue;
      }
    }
    if (!e && ai.includes(h) && r7[o + 1] === "(") {
      n.push({ t: "open", type: h }), o += 2;
      continue;
    }
    n.push(!e && h === "|" ? { t: "bar" } : !e && h === ")" ? { t: "close" } : h === "*" ? { t: "star" } : h === "?" ? { t: "any" } : Z(h)), o += h.length;
  }
  return n;
};
var fi = (r7) => {
  let t = /* @__PURE__ */ new Map(), e = [];
  return r7.forEach((s, i) => {
    s.t === "open" ? e.push(i) : s.t === "close" && e.length && t.set(e.pop(), i);
  }), t;
};
var Qe = (r7, t, e, s, i) => {
  let n = [], o = [n];
  for (let h = e; h < s; h++) {
    let a = r7[h], l = t.get(h);
    if (a.t === "open" && l !== void 0) {
      let c = Qe(r7, t, h + 1, l, false);
      n.push({ t: "ext", type: a.type, alts: c }), h = l;
    } else a.t === "bar" && !i ? o.push(n = []) : a.t === "open" ? n.push(Z(a.type), Z("(")) : a.t === "bar" ? n.push(Z("|")) : a.t === "close" ? n.push(Z(")")) : n.push(a);
  }
  return o;
};
var ts = (r7, t) => {
  let e = [], s = "", i = () => {
    for (let n of s.normalize(t)) e.push(Z(n));
    s = "";
  };
  for (let n of r7) {
    if (n.t === "lit") {
      s += n.ch;
      continue;
    }
    i(), e.push(n.t === "ext" ? { ...n, alts: n.alts.map((o) => ts(o, t)) } : n);
  }
  return i(), e;
};
var ui = (r7, t) => {
  let e = 1, s = (h) => ({ t: "split", id: e++, out: h }), i = (h, a) => h.reduceRight((l, c) => n(c, l), a), n = (h, a) => {
    switch (h.t) {
      case "lit":
        let u = t ? Ze(h.ch) : void 0;
        return { t: "lit", id: e++, ch: h.ch, re: u, next: a };
      case "any":
      case "star":
        return { t: h.t, id: e++, next: a };
      case "class":
        return { t: "class", id: e++, re: h.re, next: a };
    }
    let l = (u) => h.alts.map((p) => i(p, u));
    switch (h.type) {
      case "@":
        return s(l(a));
      case "?":
        return s([a, ...l(a)]);
      case "!":
        return { t: "neg", id: e++, sub: s(l(de)), next: a };
    }
    let c = s([]), f = s(l(c));
    return c.out.push(a, f), h.type === "*" ? c : f;
  };
  return [i(r7, de), e];
};
var di = (r7) => {
  let t = [], e = /* @__PURE__ */ new Set(), s = (n) => n.t === "match" ? "match" : String(n.id), i = (n, o) => {
    if (n.t === "match" || e.has(n)) return;
    e.add(n);
    let h = (a) => t.push(`${o}${n.id}: ${a}`);
    switch (n.t) {
      case "split":
        h(`split -> ${n.out.map(s).join(", ")}`);
        for (let a of n.out) i(a, o);
        return;
      case "neg":
        return h(`!(${s(n.sub)}) -> ${s(n.next)}`), i(n.sub, o + "  "), i(n.next, o);
      case "lit":
        h(`${JSON.stringify(n.ch)} -> ${s(n.next)}`);
        break;
      case "class":
        h(`${n.re} -> ${s(n.next)}`);
        break;
      default:
        h(`${n.t === "any" ? "?" : "*"} -> ${s(n.next)}`);
    }
    i(n.next, o);
  };
  return i(r7, ""), [`start -> ${s(r7)}`, ...t].join(`
`);
};
var pe = class {
  gen;
  threads = [];
  match = false;
  runs = [];
  ids = [];
  constructor(t) {
    this.gen = t;
  }
  get dead() {
    return !this.threads.length && !this.match && !this.runs.length;
  }
};
var es = (r7, t) => r7.ids.length !== t.ids.length || r7.runs.length !== t.runs.length || r7.ids.some((e, s) => e !== t.ids[s]) ? false : r7.runs.every((e) => t.runs.some((s) => s.neg === e.neg && es(s.state, e.state)));
var Xe = (r7) => ({ has: new Float64Array(r7), seen: new Float64Array(r7), gen: 0 });
var dt = class {
  dots;
  dotStart;
  #t;
  constructor(t, e, s) {
    this.dots = t, this.dotStart = e, this.#t = s;
  }
  state() {
    return new pe(++this.#t.gen);
  }
  done(t) {
    return t.ids = t.threads.map((e) => e.id).sort((e, s) => e - s), t.match && t.ids.unshift(de.id), t;
  }
  #n(t, e) {
    let { seen: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, true);
  }
  #i(t, e) {
    let { has: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, t.threads.push(e), true);
  }
  restricted(t, e) {
    return e && (this.dots || this.dotStart && t === 0);
  }
  add(t, e, s, i) {
    switch (e.t) {
      case "split":
        if (!this.#n(t, e)) return;
        for (let o of e.out) this.add(t, o, s, i);
        return;
      case "neg":
        if (!this.#n(t, e)) return;
        let n = this.state();
        return this.add(n, e.sub, s, false), this.done(n), this.addRun(t, { t: "run", neg: e, state: n }, s, i);
      case "star":
        if (this.restricted(s, i)) return;
        this.#i(t, e) && this.add(t, e.next, s, i);
        return;
      case "match":
        t.match = true;
        return;
      default:
        this.#i(t, e);
    }
  }
  addRun(t, e, s, i) {
    for (let n of t.runs) if (n.neg === e.neg && es(n.state, e.state)) return;
    t.runs.push(e), e.state.match || this.add(t, e.neg.next, s, i);
  }
  step(t, e, s, i) {
    let n = this.state();
    for (let o of t.threads) switch (o.t) {
      case "lit":
        ge(o, e) && this.add(n, o.next, s + 1, i);
        break;
      case "any":
        this.restricted(s, i) || this.add(n, o.next, s + 1, i);
        break;
      case "class":
        !this.restricted(s, i) && o.re.test(e) && this.add(n, o.next, s + 1, i);
        break;
      case "star":
        this.restricted(s, i) || this.add(n, o, s + 1, i);
    }
    if (!this.restricted(s, i)) for (let o of t.runs) {
      if (o.state.dead) {
        this.addRun(n, o, s + 1, i);
        continue;
      }
      let h = this.step(o.state, e, s, false);
      this.addRun(n, { t: "run", neg: o.neg, state: h }, s + 1, i);
    }
    return this.done(n);
  }
};
var ss = (r7) => {
  let t = r7.ids.join();
  if (!r7.runs.length) return t;
  let e = r7.runs.map((s) => `${s.neg.id}(${ss(s.state)})`);
  return `${t}|${e.sort().join("|")}`;
};
var pi = 1 << 18;
var me = class {
  #t;
  #n = /* @__PURE__ */ new Map();
  #i = 0;
  #o;
  #r;
  #d;
  #u;
  constructor(t, e) {
    this.#t = t, this.#d = new dt(false, false, e), this.#u = new dt(false, true, e);
  }
  #f(t) {
    return { state: t, match: t.match, dead: t.dead, next: /* @__PURE__ */ new Map() };
  }
  #h(t) {
    let e = ss(t), s = this.#n.get(e);
    if (s) return s;
    this.#i > pi && this.#m();
    let i = this.#f(t);
    return this.#n.set(e, i), this.#i += e.length + 1, i;
  }
  #m() {
    this.#n.clear(), this.#i = 0, this.#o = void 0, this.#r = void 0;
  }
  start(t) {
    if (t) {
      if (this.#r) return this.#r;
      let s = this.#u.state();
      return this.#u.add(s, this.#t, 0, true), this.#r = this.#f(this.#u.done(s));
    }
    if (this.#o) return this.#o;
    let e = this.#d.state();
    return this.#d.add(e, this.#t, 0, true), this.#o = this.#h(this.#d.done(e));
  }
  next(t, e) {
    let s = e.charCodeAt(0), i = s < 128 ? void 0 : t.next.get(e);
    if (i) return i;
    let n = t === this.#r ? this.#h(this.#u.step(t.state, e, 0, true)) : this.#h(this.#d.step(t.state, e, 1, true));
    return s < 128 ? (t.ascii || (t.ascii = new Array(128), this.#i += 128), t.ascii[s] = n) : t.next.set(e, n), this.#i++, n;
  }
};
var mi = (r7) => {
  let t = [];
  for (let e = r7; e.t !== "match"; e = e.next) {
    if (e.t === "split" || e.t === "neg") return;
    t.push(e);
  }
  return t;
};
var gi = (r7, t, e, s) => {
  let i = 0, n = e, o = -1, h = 0;
  for (; n < s; ) {
    let a = r7[i];
    if (a?.t === "star") {
      o = i++, h = n;
      continue;
    }
    let l = t[n];
    if (a && (a.t === "any" || a.t === "lit" && ge(a, l) || a.t === "class" && a.re.test(l))) {
      i++, n++;
      continue;
    }
    if (o === -1) return false;
    i = o + 1, n = ++h;
  }
  for (; r7[i]?.t === "star"; ) i++;
  return i === r7.length;
};
var is = (r7) => {
  let t = 0, e = 0;
  for (let s of r7) {
    let [i, n] = wi(s);
    t += i, e += n;
  }
  return [t, e];
};
var wi = (r7) => {
  if (r7.t === "star") return [0, 1 / 0];
  if (r7.t !== "ext") return [1, 1];
  if (r7.type === "!") return [0, 1 / 0];
  let t = r7.alts.map(is), e = Math.min(...t.map((n) => n[0])), s = Math.max(...t.map((n) => n[1])), i = s === 0 ? 0 : 1 / 0;
  return r7.type === "@" ? [e, s] : r7.type === "?" ? [0, s] : r7.type === "*" ? [0, i] : [e, i];
};
var Ve = (r7, t, e) => {
  for (let s = 0; s < r7.length; s++) if (!ge(r7[s], t[e + s])) return false;
  return true;
};
var bi = /[/\ud800-\udfff]/;
var yi = /[\ud800-\udfff]/;
var Nt = (r7) => yi.test(r7) ? [...r7] : r7;
var Ye = (r7) => {
  if (r7.includes("/")) throw new Error("can only match a single path portion, got: " + r7);
};
var pt = class {
  pattern;
  options;
  #t;
  #n;
  #i;
  #o;
  #r;
  #d = false;
  #u;
  #f;
  #h = false;
  #m = 0;
  #l = 1 / 0;
  #a = [];
  #s = [];
  #b;
  #E;
  #y = false;
  #g;
  #w;
  constructor(t, e = {}) {
    if (t.includes("/")) throw new Error("can only match a single path portion, got pattern: " + t);
    this.pattern = t, this.options = e;
    let { nocase: s = false, noext: i = false, normalize: n } = e;
    this.#w = n === true ? "NFC" : n || void 0;
    let o = /^[?*+@]\(\)$/.test(t), h = ci(t, s, i || o, this.#w, e.rangeMark), [a] = Qe(h, fi(h), 0, h.length, true);
    this.#w && (a = ts(a, this.#w));
    let [l, c] = ui(a, s);
    if (this.#t = l, this.#n = c, a.every((f) => f.t === "lit")) this.#r = a.map((f) => f.ch).join(""), this.#d = s;
    else {
      let f = (g) => g.t !== "lit" ? void 0 : s ? { ch: g.ch, re: Ze(g.ch) } : { ch: g.ch };
      for (let g of a) {
        let d = f(g);
        if (!d) break;
        this.#a.push(d);
      }
      for (let g = a.length - 1; g >= 0; g--) {
        let d = f(a[g]);
        if (!d) break;
        this.#s.unshift(d);
      }
      this.#y = !!(this.#a.length || this.#s.length), s || (this.#b = this.#a.map((g) => g.ch).join(""), this.#E = this.#s.map((g) => g.ch).join("")), this.#f = mi(this.#t)?.slice(this.#a.length, -this.#s.length || void 0), this.#h = !!this.#f?.every((g) => g.t === "star" || g.t === "any");
      let [u, p] = is(a);
      this.#m = u, this.#l = p;
    }
  }
  test(t) {
    return this.#w ? (Ye(t), this.#p(t.normalize(this.#w))) : bi.test(t) ? (Ye(t), this.#p(t, [...t])) : this.#p(t, t);
  }
  testUnchecked(t) {
    return this.#p(this.#w ? t.normalize(this.#w) : t);
  }
  #p(t, e) {
    if (this.#r !== void 0) return this.#d ? (this.#u ??= Je(this.#r)).test(t) : t === this.#r;
    let s = this.#m, i = this.#l;
    if (e === void 0) {
      let c = t.length, f = c + 1 >> 1;
      if (c < s || f > i) return false;
      (f < s || c > i) && (e = Nt(t));
    }
    if (e !== void 0 && (e.length < s || e.length > i)) return false;
    let n = this.#a.length;
    if (this.#y) if (this.#b !== void 0 && this.#E !== void 0) {
      if (!t.startsWith(this.#b) || !t.endsWith(this.#E)) return false;
    } else {
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      if (!Ve(this.#a, e, 0) || !Ve(this.#s, e, c)) return false;
    }
    let o = !this.options.dot && t.startsWith(".");
    if (this.#f) {
      if (t === "." || t === ".." || o && !n) return false;
      if (this.#h) return true;
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      return gi(this.#f, e, n, c);
    }
    if (e ??= Nt(t), t === "." || t === "..") {
      this.#i ??= Xe(this.#n);
      let c = this.#o ??= new dt(true, false, this.#i), f = c.state();
      c.add(f, this.#t, 0, true);
      let u = c.done(f);
      for (let p = 0; p < e.length; p++) u = c.step(u, e[p], p, true);
      return u.match;
    }
    this.#i ??= Xe(this.#n);
    let h = this.#g ??= new me(this.#t, this.#i), a = h.start(o), l = e === t;
    for (let c = 0; c < e.length; c++) {
      if (a.dead) return false;
      let f = l ? t.charCodeAt(c) : e[c].charCodeAt(0);
      a = a.ascii?.[f] ?? h.next(a, e[c]);
    }
    return a.match;
  }
  toString() {
    return di(this.#t);
  }
};
var mt = (r7) => {
  if (typeof r7 != "string") throw new TypeError("invalid pattern");
  if (r7.length > 65536) throw new TypeError("pattern is too long");
};
var K = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = false } = {}) => e ? t ? r7.replace(/[?*()[\]{}]/g, "[$&]") : r7.replace(/[?*()[\]\\{}]/g, "\\$&") : t ? r7.replace(/[?*()[\]]/g, "[$&]") : r7.replace(/[?*()[\]\\]/g, "\\$&");
var st = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = true } = {}) => e ? t ? r7.replace(/\[([^/\\])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\])\]/g, "$1$2").replace(/\\([^/])/g, "$1") : t ? r7.replace(/\[([^/\\{}])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\{}])\]/g, "$1$2").replace(/\\([^/{}])/g, "$1");
var T = (r7, t, e = {}) => (mt(t), !e.nocomment && t.charAt(0) === "#" ? false : xi(t, e).match(r7));
var it = /* @__PURE__ */ new Map();
var Si = 256;
var xi = (r7, t) => {
  let e = r7 + "\0" + JSON.stringify(t), s = it.get(e);
  return s ? it.delete(e) : (s = new D(r7, { ...t }), it.size >= Si && it.delete(it.keys().next().value)), it.set(e, s), s;
};
var ls = typeof process == "object" && process ? process.env?.__MINIMATCH_TESTING_PLATFORM__ || process.platform : "posix";
var ns = { win32: { sep: "\\" }, posix: { sep: "/" } };
var vi = ls === "win32" ? ns.win32.sep : ns.posix.sep;
T.sep = vi;
var v = /* @__PURE__ */ Symbol("globstar **");
T.GLOBSTAR = v;
var Ei = (r7, t = {}) => (e) => T(e, r7, t);
T.filter = Ei;
var U = (r7, t = {}) => Object.assign({}, r7, t);
var ki = (r7) => {
  if (!r7 || typeof r7 != "object" || !Object.keys(r7).length) return T;
  let t = T;
  return Object.assign((s, i, n = {}) => t(s, i, U(r7, n)), { Minimatch: class extends t.Minimatch {
    constructor(i, n = {}) {
      super(i, U(r7, n));
    }
    static defaults(i) {
      return t.defaults(U(r7, i)).Minimatch;
    }
  }, unescape: (s, i = {}) => t.unescape(s, U(r7, i)), escape: (s, i = {}) => t.escape(s, U(r7, i)), filter: (s, i = {}) => t.filter(s, U(r7, i)), defaults: (s) => t.defaults(U(r7, s)), braceExpand: (s, i = {}) => t.braceExpand(s, U(r7, i)), match: (s, i, n = {}) => t.match(s, i, U(r7, n)), sep: t.sep, GLOBSTAR: v });
};
T.defaults = ki;
var xe = (r7, t = {}) => (mt(r7), t.nobrace || !/\{(?:(?!\{).)*\}/.test(r7) ? [r7] : Ge(r7, { max: t.braceExpandMax }));
T.braceExpand = xe;
var Ci = 100;
var Ai = /(?<![\\$])\{(-?\d+)\.\.(-?\d+)\}/g;
var Mi = (r7, t, e = {}) => {
  let s = new D(t, e);
  return r7 = r7.filter((i) => s.match(i)), s.options.nonull && !r7.length && r7.push(t), r7;
};
T.match = Mi;
var rs = /[?*]|[+@!]\(.*?\)|\[|\]/;
var cs = (r7, t) => {
  let e = t + 1;
  (r7.charAt(e) === "!" || r7.charAt(e) === "^") && e++;
  let s = false;
  for (; e < r7.length; e++) {
    let i = r7.charAt(e);
    if (i === "]" && s) return e;
    s = true, i === "\\" && e++;
  }
  return -1;
};
var Ri = (r7, t) => {
  if (!t && (r7 === "+()" || r7 === "@()")) return r7;
  let e = "";
  for (let s = 0; s < r7.length; s++) {
    let i = r7.charAt(s);
    if (i === "\\") e += r7.charAt(++s) || i;
    else {
      if (i === "*" || i === "?") return;
      if (i === "[") {
        let n = cs(r7, s);
        if (n === -1) {
          e += i;
          continue;
        }
        let o = r7.slice(s + 1, n);
        if (o.startsWith("\\") && (o = o.slice(1)), [...o].length !== 1 || "!^".includes(r7.charAt(s + 1))) return;
        e += o, s = n;
      } else {
        if (!t && "+@!".includes(i) && r7.charAt(s + 1) === "(" && r7.includes(")", s + 2)) return;
        e += i;
      }
    }
  }
  return e;
};
var Oi = (r7) => {
  if (/^[?*+@]\(\)$/.test(r7) || r7.includes("[:")) return false;
  let t = 0;
  for (let e = 0; e < r7.length; e++) {
    let s = r7.charAt(e);
    if (s === "\\") {
      if (++e === r7.length) return false;
    } else if (s === "[") {
      let i = cs(r7, e);
      i !== -1 && (e = i);
    } else if ("+@!?*".includes(s) && r7.charAt(e + 1) === "(") t++, e++;
    else if (s === ")") {
      if (!t--) return false;
    } else if (s === "|" && !t) return false;
  }
  return !t;
};
var we;
var os;
var X = (r7, t) => typeof r7 == "string" ? t === r7 : t !== "" && r7.testUnchecked(t);
var hs = (r7, t, e, s, i) => X(r7, t) ? e : s !== void 0 && X(r7, s) ? i : -1;
var ve = (r7) => r7 === "." || r7 === "..";
var be = (r7) => typeof r7 == "string" && /^[a-z]:$/i.test(r7);
var zt = (r7) => typeof r7 == "string" && /^unc$/i.test(r7);
var ye = (r7) => {
  if (r7[0] !== "" || r7[1] !== "") return -1;
  let t = r7[2] !== "?" ? 2 : zt(r7[3]) ? 4 : -1, e = r7[t], s = r7[t + 1];
  return t !== -1 && e !== void 0 && e !== "" && e !== v && s !== void 0 && s !== "" && s !== v ? t : -1;
};
var Pt = (r7, t) => !ve(r7) && (t || !r7.startsWith("."));
var gt = (r7, t, e, s, i) => {
  for (let n = t; n < e; ) {
    if (r7.charCodeAt(n) === 46) {
      if (!s) return true;
      let h = r7.charCodeAt(n + 1) === 46 ? n + 2 : n + 1;
      if (h >= e || Lt(r7.charCodeAt(h), i)) return true;
    }
    let o = Ee(r7, n, i);
    if (o === -1) return false;
    for (n = o + 1; n < e && Lt(r7.charCodeAt(n), i); ) n++;
  }
  return false;
};
var Lt = (r7, t) => t === "/" ? r7 === 47 : t === "\\" ? r7 === 92 : r7 === 47 || r7 === 92;
var Ee = (r7, t, e) => {
  if (e !== "both") return r7.indexOf(e, t);
  let s = r7.indexOf("/", t), i = r7.indexOf("\\", t);
  return s === -1 ? i : i === -1 ? s : Math.min(s, i);
};
var as = (r7, t, e) => e !== "both" ? r7.lastIndexOf(e, t) : Math.max(r7.lastIndexOf("/", t), r7.lastIndexOf("\\", t));
var Se = {};
var D = class {
  options;
  set;
  pattern;
  windowsPathsNoEscape;
  nonegate;
  negate;
  comment;
  empty;
  preserveMultipleSlashes;
  partial;
  globSet;
  globParts;
  nocase;
  isWindows;
  platform;
  windowsNoMagicRoot;
  maxGlobstarRecursion;
  #t;
  #n;
  #i;
  #o;
  #r = [];
  #d = [];
  #u = [];
  #f = /* @__PURE__ */ new Map();
  #h = false;
  #m;
  #l = /* @__PURE__ */ new WeakMap();
  constructor(t, e = {}) {
    mt(t), e = e || {}, this.options = e, this.maxGlobstarRecursion = e.maxGlobstarRecursion ?? 200, this.pattern = t, this.platform = e.platform || ls, this.isWindows = this.platform === "win32";
    let s = "allowWindowsEscape";
    this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e[s] === false, this.windowsPathsNoEscape && (this.pattern = this.pattern.replace(/\\/g, "/")), this.preserveMultipleSlashes = !!e.preserveMultipleSlashes, this.negate = false, this.nonegate = !!e.nonegate, this.comment = false, this.empty = false, this.partial = !!e.partial, this.nocase = !!this.options.nocase, this.windowsNoMagicRoot = e.windowsNoMagicRoot !== void 0 ? e.windowsNoMagicRoot : !!(this.isWindows && this.nocase), this.globSet = [], this.globParts = [], this.set = [], this.#t = !this.preserveMultipleSlashes, this.#i = (e.optimizationLevel ?? 1) >= 2;
    let i = e.normalize;
    this.#o = i === true ? "NFC" : i || void 0, this.make();
    let n = this.set.map((o) => this.#s(o));
    this.#u = this.set.map((o, h) => this.#t && o.length - 1 > n[h]), this.#r = this.set.map((o, h) => {
      let a = this.#u[h] ? o.length - 1 : o.length, l = o.slice(n[h] + 1, a).filter((c) => typeof c == "string" && !!c);
      return [...new Set(l)];
    }), this.#n = this.#r.some((o) => o.length), this.#d = this.set.map((o, h) => {
      let [a, l, c] = o;
      if (this.#u[h] && o.length === 2 && a === v && l !== v) return "tail";
      if (this.#u[h] && e.matchBase && o.length === 1 && a !== v && a !== "") return "base";
      if (!(!this.#t || n[h] !== -1)) {
        if (o.length === 3 && a === v && c === v && l !== v && l !== "" && this.maxGlobstarRecursion > 0) return "mid";
        if (o.length === 2 && l === v && a !== v && a !== "") return "head";
      }
    });
  }
  #a(t) {
    return this.#o ? t.normalize(this.#o) : t;
  }
  #s(t) {
    if (!this.isWindows) return -1;
    if (be(t[0])) return 0;
    if (t[0] === "" && t[1] === "" && t[2] === "?" && be(t[3])) return 3;
    let s = ye(t);
    return s === -1 ? -1 : s + 1;
  }
  hasMagic() {
    if (this.options.magicalBraces && this.set.length > 1) return true;
    for (let t of this.set) for (let e of t) if (typeof e != "string") return true;
    return false;
  }
  make() {
    let t = this.pattern, e = this.options;
    if (!e.nocomment && t.charAt(0) === "#") {
      this.comment = true;
      return;
    }
    if (!t) {
      this.empty = true;
      return;
    }
    this.parseNegate(), this.globSet = [...new Set(this.#M())];
    let s = this.globSet.map((n) => this.#e(n));
    this.globParts = this.preprocess(s), this.#h = true;
    let i = this.globParts.map((n, o, h) => {
      if (this.isWindows && this.windowsNoMagicRoot) {
        let a = n[2] === "?" && zt(n[3]) ? 6 : 4, l = n[0] === "" && n[1] === "" && (n[2] === "?" || !rs.test(n[2])) && n.slice(3, a).every((f) => !rs.test(f)), c = /^[a-z]:/i.test(n[0]);
        if (l) return [...n.slice(0, a).map((f) => this.#a(f)), ...n.slice(a).map((f) => this.parse(f))];
        if (c) return [this.#a(n[0]), ...n.slice(1).map((f) => this.parse(f))];
      }
      return n.map((a) => this.parse(a));
    });
    if (this.set = i.filter((n) => n.indexOf(false) === -1), this.isWindows) for (let n = 0; n < this.set.length; n++) {
      let o = this.set[n];
      o[0] === "" && o[1] === "" && this.globParts[n][2] === "?" && (be(o[3]) || zt(this.globParts[n][3])) && (zt(this.globParts[n][3]) && (o[3] = "UNC"), o[2] = "?");
    }
    e.noext || this.mergeRows(), this.#h = false, this.set.forEach((n, o) => {
      for (let h = 0; h < n.length; h++) n[h] === Se && (n[h] = this.parse(this.globParts[o][h]));
    });
  }
  mergeRows() {
    let t = true;
    for (; t; ) {
      t = false;
      let e = Math.max(0, ...this.set.map((s) => s.length));
      for (let s = 0; s < e; s++) {
        let i = /* @__PURE__ */ new Map();
        this.set.forEach((o, h) => {
          if (!(o[s] instanceof pt || o[s] === Se) || !Oi(this.globParts[h][s])) return;
          let a = [...this.globParts[h]];
          a[s] = "";
          let l = `${o.length}/${a.join("/")}`, c = i.get(l);
          c ? c.push(h) : i.set(l, [h]);
        });
        let n = /* @__PURE__ */ new Set();
        for (let o of i.values()) {
          if (o.length < 2) continue;
          let [h, ...a] = o, c = `@(${o.map((f) => this.globParts[f][s]).join("|")})`;
          this.globParts[h][s] = c, this.set[h][s] = this.parse(c);
          for (let f of a) n.add(f);
        }
        n.size && (t = true, this.set = this.set.filter((o, h) => !n.has(h)), this.globParts = this.globParts.filter((o, h) => !n.has(h)));
      }
    }
  }
  preprocess(t) {
    if (this.options.noglobstar) for (let s of t) for (let i = 0; i < s.length; i++) s[i] === "**" && (s[i] = "*");
    let { optimizationLevel: e = 1 } = this.options;
    return e >= 2 ? (t = this.firstPhasePreProcess(t), t = this.secondPhasePreProcess(t)) : e >= 1 ? t = this.levelOneOptimize(t) : t = this.adjascentGlobstarOptimize(t), t;
  }
  adjascentGlobstarOptimize(t) {
    return t.map((e) => {
      let s = -1;
      for (; (s = e.indexOf("**", s + 1)) !== -1; ) {
        let i = s;
        for (; e[i + 1] === "**"; ) i++;
        i !== s && e.splice(s, i - s);
      }
      return e;
    });
  }
  levelOneOptimize(t) {
    return t.map((e) => {
      let s = this.#s(e) + 1;
      return e = e.reduce((i, n) => {
        let o = i[i.length - 1];
        return n === "**" && o === "**" ? i : n === ".." && i.length > s && o && o !== ".." && o !== "." && o !== "**" ? (i.pop(), i) : (i.push(n), i);
      }, []), e.length === 0 ? [""] : e;
    });
  }
  #b(t) {
    let e = !this.isWindows || !t.includes("\\") ? "/" : t.includes("/") ? "both" : "\\", s = this.#t ? 0 : -1, i = "", n = 0, o, h = 0, a = !!this.options.dot;
    t: for (let l = 0; l < this.set.length; l++) {
      let c = this.set[l], f = c[c.length - 1], u = s !== -1 && this.#u[l] && f !== v;
      if (u && s === 0) {
        let d = as(t, t.length, e);
        if (n = d + 1, i = t.slice(n), i === "" && d >= 0) {
          let m = d;
          for (; m > 0 && Lt(t.charCodeAt(m - 1), e); ) m--;
          h = m === 0 ? 0 : as(t, m - 1, e) + 1, o = t.slice(h, m);
        }
        let w = this.#i && (ve(i) || i === "" && o !== void 0 && ve(o));
        s = w ? -1 : 1, u = !w;
      }
      let p = -1;
      if (u && typeof f == "string" && (p = hs(f, i, n, o, h), p === -1)) continue;
      if (this.#n) {
        for (let d of this.#r[l]) if (!t.includes(d)) continue t;
      }
      if (u && typeof f == "object" && (p = hs(f, i, n, o, h), p === -1)) continue;
      let g = this.#d[l];
      if (g === "base" && u) return "yes";
      if (g === "tail" && u) {
        if (this.#i && gt(t, 0, p, true, e)) return "maybe";
        if (!gt(t, 0, p, a, e)) return "yes";
        continue;
      }
      if (g === "mid" || g === "head") {
        let d = this.#y(t, c, g === "head", a, e);
        if (d !== "no") return d;
        continue;
      }
      return "maybe";
    }
    return "no";
  }
  #E(t, e, s) {
    let i = !!this.options.dot, n = t.length;
    if (s === "head") {
      if (n < 2 || !X(e[0], t[0])) return false;
      for (let h = 1; h < n; h++) if (!Pt(t[h], i)) return false;
      return true;
    }
    let o = e[1];
    if (s === "tail") {
      let h = n - 1;
      if (!X(o, t[h]) && (t[h] !== "" || n === 1 || !X(o, t[--h]))) return false;
      for (let a = 0; a < h; a++) if (!Pt(t[a], i)) return false;
      return true;
    }
    for (let h = 0; h < n; h++) {
      if (X(o, t[h]) && h + 1 < n) {
        let a = h + 1;
        for (; a < n && Pt(t[a], i); ) a++;
        if (a === n) return true;
      }
      if (!Pt(t[h], i)) return false;
    }
    return false;
  }
  #y(t, e, s, i, n) {
    if (this.#i && gt(t, 0, t.length, true, n)) return "maybe";
    let o = e[s ? 0 : 1], h = 0;
    for (let a = Ee(t, h, n); a !== -1; a = Ee(t, h, n)) {
      let l = a + 1;
      for (; l < t.length && Lt(t.charCodeAt(l), n); ) l++;
      if ((typeof o == "string" ? a - h === o.length && t.startsWith(o, h) : a > h && o.testUnchecked(t.slice(h, a))) && !gt(t, l, t.length, i, n)) return "yes";
      if (s || gt(t, h, l, i, n)) return "no";
      h = l;
    }
    return "no";
  }
  #g(t) {
    let e = we;
    return e?.f === t && e.isWindows === this.isWindows && e.preserveMultipleSlashes === this.preserveMultipleSlashes && e.normalize === this.#o ? e : void 0;
  }
  #w(t) {
    let { isWindows: e, preserveMultipleSlashes: s } = this, i = this.#e(e ? t.split("\\").join("/") : t), n = this.#o;
    return n && (i = i.map((o) => o.normalize(n))), we = { f: t, isWindows: e, preserveMultipleSlashes: s, normalize: n, parts: i }, we;
  }
  #p(t) {
    let e = [...t], s = false;
    do {
      if (s = false, !this.preserveMultipleSlashes) {
        for (let o = 1; o < e.length - 1; o++) {
          let h = e[o];
          o === 1 && h === "" && e[0] === "" || (h === "." || h === "") && (s = true, e.splice(o, 1), o--);
        }
        e[0] === "." && e.length === 2 && (e[1] === "." || e[1] === "") && (s = true, e.pop());
      }
      let i = this.#s(e) + 1, n = i;
      for (; (n = e.indexOf("..", n + 1)) !== -1; ) {
        let o = e[n - 1];
        o && o !== "." && o !== ".." && o !== "**" && (s = true, e.splice(n - 1, 2), n = Math.max(n - 2, i));
      }
    } while (s);
    return e.length === 0 ? [""] : e;
  }
  firstPhasePreProcess(t) {
    let { braceExpandMax: e = 1e5 } = this.options, s = 0, i = 1e6, n = false;
    do {
      n = false;
      for (let o of t) {
        let h = -1;
        for (; (h = o.indexOf("**", h + 1)) !== -1; ) {
          let c = h;
          for (; o[c + 1] === "**"; ) c++;
          c > h && o.splice(h + 1, c - h);
          let f = o[h + 1], u = o[h + 2], p = o[h + 3];
          if (f !== ".." || !u || u === "." || u === ".." || !p || p === "." || p === "..") continue;
          let g = o.length - 1;
          if (t.length >= e || s + g > i) throw new RangeError("optimizationLevel 2: too many patterns from '**/..'");
          n = true, o.splice(h, 1);
          let d = o.slice(0);
          d[h] = "**", s += g, t.push(d), h--;
        }
        if (!this.preserveMultipleSlashes) {
          for (let c = 1; c < o.length - 1; c++) {
            let f = o[c];
            c === 1 && f === "" && o[0] === "" || (f === "." || f === "") && (n = true, o.splice(c, 1), c--);
          }
          o[0] === "." && o.length === 2 && (o[1] === "." || o[1] === "") && (n = true, o.pop());
        }
        let a = this.#s(o) + 1, l = a;
        for (; (l = o.indexOf("..", l + 1)) !== -1; ) {
          let c = o[l - 1];
          if (c && c !== "." && c !== ".." && c !== "**") {
            n = true;
            let u = l === 1 && o[l + 1] === "**" ? ["."] : [];
            o.splice(l - 1, 2, ...u), o.length === 0 && o.push(""), l = Math.max(l - 2, a);
          }
        }
      }
    } while (n);
    return t;
  }
  secondPhasePreProcess(t) {
    let e = /* @__PURE__ */ new Set(), s = t.filter((o) => {
      let h = o.join("/");
      return e.has(h) ? false : (e.add(h), true);
    }), i = /* @__PURE__ */ new Map();
    for (let o of s) {
      let h = [];
      for (let a = 0; a < o.length; a++) o[a] === "*" && h.push(a);
      h.length && i.set(h.join(","), h);
    }
    if (!i.size || s.length * i.size > 1e5) return s;
    let { dot: n } = this.options;
    return s.filter((o) => {
      for (let h of i.values()) {
        if (h[h.length - 1] >= o.length) continue;
        let a = [...o], l = true, c = false;
        for (let f of h) {
          let u = o[f];
          if (u !== "*") {
            if (!u || u === "**" || !n && u.startsWith(".")) {
              l = false;
              break;
            }
            a[f] = "*", c = true;
          }
        }
        if (l && c && e.has(a.join("/"))) return false;
      }
      return true;
    });
  }
  parseNegate() {
    if (this.nonegate) return;
    let t = this.pattern, e = false, s = 0;
    for (let i = 0; i < t.length && t.charAt(i) === "!"; i++) e = !e, s++;
    s && (this.pattern = t.slice(s)), this.negate = e;
  }
  #k(t, e, s, i) {
    let n = 0, o = 0, h = this.isWindows ? ye(e) : -1, a = h === -1 ? -1 : ye(s);
    if (a !== -1) {
      let l = s[a], c = s[a + 1];
      typeof l != "string" || typeof c != "string" ? (n = h, o = a) : e[h].toLowerCase() === l.toLowerCase() && e[h + 1].toLowerCase() === c.toLowerCase() && (n = h + 2, o = a + 2);
    } else if (this.isWindows) {
      let l = typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]), c = !l && t[0] === "" && t[1] === "" && t[2] === "?" && /^[a-z]:$/i.test(t[3]), f = typeof s[0] == "string" && /^[a-z]:$/i.test(s[0]), u = !f && s[0] === "" && s[1] === "" && s[2] === "?" && typeof s[3] == "string" && /^[a-z]:$/i.test(s[3]), p = c ? 3 : l ? 0 : void 0, g = u ? 3 : f ? 0 : void 0;
      if (typeof p == "number" && typeof g == "number") {
        let [d, w] = [t[p], s[g]];
        d.toLowerCase() === w.toLowerCase() && (o = g + 1, n = p + 1);
      }
    }
    return t = e, s.includes(v) ? this.#C(t, s, i, n, o) : this.#S(t, s, i, n, o);
  }
  #C(t, e, s, i, n) {
    let { head: o, body: h, tail: a, segments: l } = this.#x(e, s, n);
    if (o.length) {
      let f = i + o.length;
      if (!this.#S(t, o, s, i, 0, f)) return false;
      i += o.length, n += o.length;
    }
    let c = 0;
    if (a.length) {
      if (a.length + i > t.length) return false;
      let f = t.length - a.length;
      if (this.#S(t, a, s, f, 0)) c = a.length;
      else {
        if (t[t.length - 1] !== "" || i + a.length === t.length || (f--, !this.#S(t, a, s, f, 0))) return false;
        c = a.length + 1;
      }
    }
    if (!h.length) {
      let f = !!c;
      for (let u = i; u < t.length - c; u++) {
        let p = String(t[u]);
        if (f = true, p === "." || p === ".." || !this.options.dot && p.startsWith(".")) return false;
      }
      return s || f;
    }
    return !!this.#v(t, l, t.length - c, i, 0, s, 0, !!c, /* @__PURE__ */ new Set());
  }
  #x(t, e, s) {
    let i = this.#l.get(t);
    i || (i = [], this.#l.set(t, i));
    let n = s * 2 + (e ? 1 : 0), o = i[n];
    if (o) return o;
    let h = t.indexOf(v, s), a = t.lastIndexOf(v), l = t.slice(s, h), c = t.slice(h + 1, e ? void 0 : a), f = e ? [] : t.slice(a + 1), u = [[[], 0]], p = u[0], g = 0, d = [0];
    for (let m of c) m === v ? (d.push(g), p = [[], 0], u.push(p)) : (p[0].push(m), g++);
    u.forEach((m, b) => {
      m[1] = g - d[b];
    });
    let w = { head: l, body: c, tail: f, segments: u };
    return i[n] = w, w;
  }
  #v(t, e, s, i, n, o, h, a, l) {
    let c = e[n];
    if (!c) {
      if (o) return i >= s || i === s - 1 && t[i] === "";
      for (let g = i; g < s; g++) {
        a = true;
        let d = t[g];
        if (d === "." || d === ".." || !this.options.dot && d.startsWith(".")) return false;
      }
      return a;
    }
    let [f, u] = c, p = o ? s : s - u;
    for (; i <= p; ) {
      let g = n * (t.length + 1) + i;
      if (l.has(g)) return false;
      if (l.add(g), this.#S(t, f, o, i, 0, i + f.length) && h < this.maxGlobstarRecursion) {
        let m = this.#v(t, e, s, i + f.length, n + 1, o, h + 1, a, l);
        if (m !== false) return m;
      }
      if (i === p) break;
      let w = t[i];
      if (w === "." || w === ".." || !this.options.dot && w.startsWith(".")) return false;
      i++;
    }
    return o || null;
  }
  #S(t, e, s, i, n, o = t.length) {
    let h, a, l, c;
    for (h = i, a = n, c = Math.min(o, t.length), l = e.length; h < c && a < l; h++, a++) {
      let f = e[a], u = t[h];
      if (f === false || f === v || !X(f, u)) return false;
    }
    if (h === c && a === l) return true;
    if (h === c) return s;
    if (a === l) return h === c - 1 && t[h] === "";
    throw new Error("wtf?");
  }
  braceExpand() {
    return xe(this.pattern, this.options);
  }
  #M() {
    let { pattern: t } = this;
    if (this.options.nobrace) return this.braceExpand();
    let e = 57344;
    for (; t.includes(String.fromCharCode(e)); ) if (++e > 63743) return this.braceExpand();
    let s = String.fromCharCode(e), i = false, n = t.replace(Ai, (h, a, l) => {
      let c = Number(a), f = Number(l);
      return !Number.isSafeInteger(c) || !Number.isSafeInteger(f) || Math.abs(c - f) + 1 < Ci ? h : (i = true, `${s}${a}..${l}${s}`);
    });
    if (!i) return this.braceExpand();
    let o = xe(n, this.options);
    for (let h of o) for (let a of h.split("/")) {
      let l = a.indexOf("[");
      if (l !== -1 && l < a.lastIndexOf(s)) return this.braceExpand();
    }
    return this.#m = s, o;
  }
  parse(t) {
    mt(t);
    let e = this.options;
    if (t === "**") return v;
    if (t === "") return "";
    let { nocase: s, nocaseMagicOnly: i, noext: n = false, dot: o, normalize: h } = e, a = this.#m, l = a && t.includes(a) ? void 0 : Ri(t, n);
    if (l !== void 0 && !(s && !i && t.toUpperCase() !== t.toLowerCase())) return this.#a(l);
    if (this.#h) return Se;
    let c = this.#f.get(t);
    return c || (c = new pt(t, { nocase: s, noext: n, dot: o, normalize: h, ...a && { rangeMark: a } }), this.#f.set(t, c)), c;
  }
  #e(t) {
    return this.preserveMultipleSlashes ? t.split("/") : this.isWindows && /^\/\/[^/]+/.test(t) ? ["", ...t.split(/\/+/)] : t.split(/\/+/);
  }
  match(t, e = this.partial) {
    if (this.comment) return false;
    if (this.empty) return t === "";
    if (t === "/" && e) return true;
    let s = this.options, i = this.#g(t);
    if (!i) {
      if (!e && !this.#o && (this.#t || this.#n) && os !== t) {
        os = t;
        let l = this.#b(t);
        if (l === "no") return s.flipNegate ? false : this.negate;
        if (l === "yes") return s.flipNegate ? true : !this.negate;
      }
      i = this.#w(t);
    }
    let n = i.parts, o = this.#i ? i.resolved ??= this.#p(n) : n, h = this.set, a = n[n.length - 1];
    if (!a) for (let l = n.length - 2; !a && l >= 0; l--) a = n[l];
    for (let l = 0; l < h.length; l++) {
      let c = h[l], f = e ? void 0 : this.#d[l];
      if (f === "base" ? X(c[0], a) : f ? this.#E(o, c, f) : s.matchBase && c.length === 1 ? this.#k([a], [a], c, e) : this.#k(n, o, c, e)) return s.flipNegate ? true : !this.negate;
    }
    return s.flipNegate ? false : this.negate;
  }
  static defaults(t) {
    return T.defaults(t).Minimatch;
  }
};
T.Minimatch = D;
T.escape = K;
T.unescape = st;
var M = Ti("lru-cache:metrics");
var wt = Fi("lru-cache");
var _i = typeof performance == "object" && performance && typeof performance.now == "function" ? performance : Date;
var ke = () => M.hasSubscribers || wt.hasSubscribers;
var us = /* @__PURE__ */ new Set();
var fs = typeof process == "object" && process ? process : {};
var Di = (r7, t, e, s) => {
  typeof fs.emitWarning == "function" ? fs.emitWarning(r7, t, e, s) : console.error(`[${e}] ${t}: ${r7}`);
};
var Ni = (r7) => !us.has(r7);
var V = (r7) => !!r7 && r7 === Math.floor(r7) && r7 > 0 && isFinite(r7);
var ds = (r7) => V(r7) ? r7 <= Math.pow(2, 8) ? Uint8Array : r7 <= Math.pow(2, 16) ? Uint16Array : r7 <= Math.pow(2, 32) ? Uint32Array : r7 <= Number.MAX_SAFE_INTEGER ? jt : null : null;
var jt = class extends Array {
  constructor(r7) {
    super(r7), this.fill(0);
  }
};
var Pi = class bt {
  heap;
  length;
  static #t = false;
  static create(t) {
    let e = ds(t);
    if (!e) return [];
    bt.#t = true;
    let s = new bt(t, e);
    return bt.#t = false, s;
  }
  constructor(t, e) {
    if (!bt.#t) throw new TypeError("instantiate Stack using Stack.create(n)");
    this.heap = new e(t), this.length = 0;
  }
  push(t) {
    this.heap[this.length++] = t;
  }
  pop() {
    return this.heap[--this.length];
  }
};
var yt = class ps {
  #t;
  #n;
  #i;
  #o;
  #r;
  #d;
  #u;
  #f;
  get perf() {
    return this.#f;
  }
  ttl;
  ttlResolution;
  ttlAutopurge;
  updateAgeOnGet;
  updateAgeOnHas;
  allowStale;
  noDisposeOnSet;
  noUpdateTTL;
  maxEntrySize;
  sizeCalculation;
  noDeleteOnFetchRejection;
  noDeleteOnStaleGet;
  allowStaleOnFetchAbort;
  allowStaleOnFetchRejection;
  ignoreFetchAbort;
  backgroundFetchSize;
  #h;
  #m;
  #l;
  #a;
  #s;
  #b;
  #E;
  #y;
  #g;
  #w;
  #p;
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  static unsafeExposeInternals(t) {
    return { starts: t.#C, ttls: t.#x, autopurgeTimers: t.#v, sizes: t.#k, keyMap: t.#l, keyList: t.#a, valList: t.#s, next: t.#b, prev: t.#E, get head() {
      return t.#y;
    }, get tail() {
      return t.#g;
    }, free: t.#w, isBackgroundFetch: (e) => t.#c(e), backgroundFetch: (e, s, i, n) => t.#L(e, s, i, n), moveToTail: (e) => t.#X(e), indexes: (e) => t.#O(e), rindexes: (e) => t.#F(e), isStale: (e) => t.#A(e) };
  }
  get max() {
    return this.#t;
  }
  get maxSize() {
    return this.#n;
  }
  get calculatedSize() {
    return this.#m;
  }
  get size() {
    return this.#h;
  }
  get fetchMethod() {
    return this.#d;
  }
  get memoMethod() {
    return this.#u;
  }
  get dispose() {
    return this.#i;
  }
  get onInsert() {
    return this.#o;
  }
  get disposeAfter() {
    return this.#r;
  }
  constructor(t) {
    let { max: e = 0, ttl: s, ttlResolution: i = 1, ttlAutopurge: n, updateAgeOnGet: o, updateAgeOnHas: h, allowStale: a, dispose: l, onInsert: c, disposeAfter: f, noDisposeOnSet: u, noUpdateTTL: p, maxSize: g = 0, maxEntrySize: d = 0, sizeCalculation: w, fetchMethod: m, memoMethod: b, noDeleteOnFetchRejection: x, noDeleteOnStaleGet: S, allowStaleOnFetchRejection: y, allowStaleOnFetchAbort: q2, ignoreFetchAbort: W, backgroundFetchSize: B = 1, perf: et } = t;
    if (this.backgroundFetchSize = B, et !== void 0 && typeof et?.now != "function") throw new TypeError("perf option must have a now() method if specified");
    if (this.#f = et ?? _i, e !== 0 && !V(e)) throw new TypeError("max option must be a nonnegative integer");
    let ie = e ? ds(e) : Array;
    if (!ie) throw new Error("invalid max value: " + e);
    if (this.#t = e, this.#n = g, this.maxEntrySize = d || this.#n, this.sizeCalculation = w, this.sizeCalculation) {
      if (!this.#n && !this.maxEntrySize) throw new TypeError("cannot set sizeCalculation without setting maxSize or maxEntrySize");
      if (typeof this.sizeCalculation != "function") throw new TypeError("sizeCalculation set to non-function");
    }
    if (b !== void 0 && typeof b != "function") throw new TypeError("memoMethod must be a function if defined");
    if (this.#u = b, m !== void 0 && typeof m != "function") throw new TypeError("fetchMethod must be a function if specified");
    if (this.#d = m, this.#M = !!m, this.#l = /* @__PURE__ */ new Map(), this.#a = Array.from({ length: e }).fill(void 0), this.#s = Array.from({ length: e }).fill(void 0), this.#b = new ie(e), this.#E = new ie(e), this.#y = 0, this.#g = 0, this.#w = Pi.create(e), this.#h = 0, this.#m = 0, typeof l == "function" && (this.#i = l), typeof c == "function" && (this.#o = c), typeof f == "function" ? (this.#r = f, this.#p = []) : (this.#r = void 0, this.#p = void 0), this.#S = !!this.#i, this.#T = !!this.#o, this.#e = !!this.#r, this.noDisposeOnSet = !!u, this.noUpdateTTL = !!p, this.noDeleteOnFetchRejection = !!x, this.allowStaleOnFetchRejection = !!y, this.allowStaleOnFetchAbort = !!q2, this.ignoreFetchAbort = !!W, this.maxEntrySize !== 0) {
      if (this.#n !== 0 && !V(this.#n)) throw new TypeError("maxSize must be a positive integer if specified");
      if (!V(this.maxEntrySize)) throw new TypeError("maxEntrySize must be a positive integer if specified");
      this.#G();
    }
    if (this.allowStale = !!a, this.noDeleteOnStaleGet = !!S, this.updateAgeOnGet = !!o, this.updateAgeOnHas = !!h, this.ttlResolution = V(i) || i === 0 ? i : 1, this.ttlAutopurge = !!n, this.ttl = s || 0, this.ttl) {
      if (!V(this.ttl)) throw new TypeError("ttl must be a positive integer if specified");
      this.#_();
    }
    if (this.#t === 0 && this.ttl === 0 && this.#n === 0) throw new TypeError("At least one of max, maxSize, or ttl is required");
    if (!this.ttlAutopurge && !this.#t && !this.#n) {
      let ne = "LRU_CACHE_UNBOUNDED";
      Ni(ne) && (us.add(ne), Di("TTL caching without ttlAutopurge, max, or maxSize can result in unbounded memory consumption.", "UnboundedCacheWarning", ne, ps));
    }
  }
  getRemainingTTL(t) {
    return this.#l.has(t) ? 1 / 0 : 0;
  }
  #_() {
    let t = new jt(this.#t), e = new jt(this.#t);
    this.#x = t, this.#C = e;
    let s = this.ttlAutopurge ? Array.from({ length: this.#t }) : void 0;
    this.#v = s, this.#W = (a, l, c = this.#f.now()) => {
      e[a] = l !== 0 ? c : 0, t[a] = l, i(a, l);
    }, this.#R = (a) => {
      e[a] = t[a] !== 0 ? this.#f.now() : 0, i(a, t[a]);
    };
    let i = this.ttlAutopurge ? (a, l) => {
      if (s?.[a] && (clearTimeout(s[a]), s[a] = void 0), l && l !== 0 && s) {
        let c = setTimeout(() => {
          this.#A(a) ? (this.#j(this.#a[a], "expire"), s[a] = void 0) : i(a, h(a));
        }, l + 1);
        c.unref && c.unref(), s[a] = c;
      }
    } : () => {
    };
    this.#D = (a, l) => {
      if (t[l]) {
        let c = t[l], f = e[l];
        if (!c || !f) return;
        a.ttl = c, a.start = f, a.now = n || o();
        let u = a.now - f;
        a.remainingTTL = c - u;
      }
    };
    let n = 0, o = () => {
      let a = this.#f.now();
      if (this.ttlResolution > 0) {
        n = a;
        let l = setTimeout(() => n = 0, this.ttlResolution);
        l.unref && l.unref();
      }
      return a;
    };
    this.getRemainingTTL = (a) => {
      let l = this.#l.get(a);
      return l === void 0 ? 0 : h(l);
    };
    let h = (a) => {
      let l = t[a], c = e[a];
      if (!l || !c) return 1 / 0;
      let f = (n || o()) - c;
      return l - f;
    };
    this.#A = (a) => {
      let l = e[a], c = t[a];
      return !!c && !!l && (n || o()) - l > c;
    };
  }
  #R = () => {
  };
  #D = () => {
  };
  #W = () => {
  };
  #A = () => false;
  #G() {
    let t = new jt(this.#t);
    this.#m = 0, this.#k = t, this.#P = (e) => {
      this.#m -= t[e], t[e] = 0;
    }, this.#$ = (e, s, i, n) => {
      if (!V(i)) {
        if (this.#c(s)) return this.backgroundFetchSize;
        if (n) {
          if (typeof n != "function") throw new TypeError("sizeCalculation must be a function");
          if (i = n(s, e), !V(i)) throw new TypeError("sizeCalculation return invalid (expect positive integer)");
        } else throw new TypeError("invalid size value (must be positive integer). When maxSize or maxEntrySize is used, sizeCalculation or size must be set.");
      }
      return i;
    }, this.#N = (e, s, i) => {
      if (t[e] = s, this.#n) {
        let n = this.#n - t[e];
        for (; this.#m > n; ) this.#U(true);
      }
      this.#m += t[e], i && (i.entrySize = s, i.totalCalculatedSize = this.#m);
    };
  }
  #P = (t) => {
  };
  #N = (t, e, s) => {
  };
  #$ = (t, e, s, i) => {
    if (s || i) throw new TypeError("cannot set size without setting maxSize or maxEntrySize on cache");
    return 0;
  };
  *#O({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#g; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#y); ) e = this.#E[e];
  }
  *#F({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#y; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#g); ) e = this.#b[e];
  }
  #I(t) {
    return t !== void 0 && this.#l.get(this.#a[t]) === t;
  }
  *entries() {
    for (let t of this.#O()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *rentries() {
    for (let t of this.#F()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *keys() {
    for (let t of this.#O()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *rkeys() {
    for (let t of this.#F()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *values() {
    for (let t of this.#O()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  *rvalues() {
    for (let t of this.#F()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  [Symbol.toStringTag] = "LRUCache";
  find(t, e = {}) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n !== void 0 && t(n, this.#a[s], this)) return this.#K(this.#a[s], e);
    }
  }
  forEach(t, e = this) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  rforEach(t, e = this) {
    for (let s of this.#F()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  purgeStale() {
    let t = false;
    for (let e of this.#F({ allowStale: true })) this.#A(e) && (this.#j(this.#a[e], "expire"), t = true);
    return t;
  }
  info(t) {
    let e = this.#l.get(t);
    if (e === void 0) return;
    let s = this.#s[e], i = this.#c(s) ? s.__staleWhileFetching : s;
    if (i === void 0) return;
    let n = { value: i };
    if (this.#x && this.#C) {
      let o = this.#x[e], h = this.#C[e];
      if (o && h) {
        let a = o - (this.#f.now() - h);
        n.ttl = a, n.start = Date.now();
      }
    }
    return this.#k && (n.size = this.#k[e]), n;
  }
  dump() {
    let t = [];
    for (let e of this.#O({ allowStale: true })) {
      let s = this.#a[e], i = this.#s[e], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n === void 0 || s === void 0) continue;
      let o = { value: n };
      if (this.#x && this.#C) {
        o.ttl = this.#x[e];
        let h = this.#f.now() - this.#C[e];
        o.start = Math.floor(Date.now() - h);
      }
      this.#k && (o.size = this.#k[e]), t.unshift([s, o]);
    }
    return t;
  }
  load(t) {
    this.clear();
    for (let [e, s] of t) {
      if (s.start) {
        let i = Date.now() - s.start;
        s.start = this.#f.now() - i;
      }
      this.#z(e, s.value, s);
    }
  }
  set(t, e, s = {}) {
    let { status: i = M.hasSubscribers ? {} : void 0 } = s;
    s.status = i, i && (i.op = "set", i.key = t, e !== void 0 && (i.value = e), i.cache = this);
    let n = this.#z(t, e, s);
    return i && M.hasSubscribers && M.publish(i), n;
  }
  #z(t, e, s, i) {
    let { ttl: n = this.ttl, start: o, noDisposeOnSet: h = this.noDisposeOnSet, sizeCalculation: a = this.sizeCalculation, status: l } = s, c = this.#c(e);
    if (e === void 0) return l && (l.set = "deleted"), this.delete(t), this;
    let { noUpdateTTL: f = this.noUpdateTTL } = s;
    l && !c && (l.value = e);
    let u = this.#$(t, e, s.size || 0, a, l);
    if (this.maxEntrySize && u > this.maxEntrySize) return this.#j(t, "set"), l && (l.set = "miss", l.maxEntrySizeExceeded = true), this;
    let p = this.#h === 0 ? void 0 : this.#l.get(t);
    if (p === void 0) p = this.#h === 0 ? this.#g : this.#w.length !== 0 ? this.#w.pop() : this.#h === this.#t ? this.#U(false) : this.#h, this.#a[p] = t, this.#s[p] = e, this.#l.set(t, p), this.#b[this.#g] = p, this.#E[p] = this.#g, this.#g = p, this.#h++, this.#N(p, u, l), l && (l.set = "add"), f = false, this.#T && !c && this.#o?.(e, t, "add");
    else {
      this.#X(p);
      let g = this.#s[p];
      if (e !== g) {
        if (!h) if (this.#c(g)) {
          g !== i && g.__abortController.abort(new Error("replaced"));
          let { __staleWhileFetching: d } = g;
          d !== void 0 && d !== e && (this.#S && this.#i?.(d, t, "set"), this.#e && this.#p?.push([d, t, "set"]));
        } else this.#S && this.#i?.(g, t, "set"), this.#e && this.#p?.push([g, t, "set"]);
        if (this.#P(p), this.#N(p, u, l), this.#s[p] = e, !c) {
          let d = g && this.#c(g) ? g.__staleWhileFetching : g, w = d === void 0 ? "add" : e !== d ? "replace" : "update";
          l && (l.set = w, d !== void 0 && (l.oldValue = d)), this.#T && this.onInsert?.(e, t, w);
        }
      } else c || (l && (l.set = "update"), this.#T && this.onInsert?.(e, t, "update"));
    }
    if (n !== 0 && !this.#x && this.#_(), this.#x && (f || this.#W(p, n, o), l && this.#D(l, p)), !h && this.#e && this.#p) {
      let g = this.#p, d;
      for (; d = g?.shift(); ) this.#r?.(...d);
    }
    return this;
  }
  pop() {
    try {
      for (; this.#h; ) {
        let t = this.#s[this.#y];
        if (this.#U(true), this.#c(t)) {
          if (t.__staleWhileFetching) return t.__staleWhileFetching;
        } else if (t !== void 0) return t;
      }
    } finally {
      if (this.#e && this.#p) {
        let t = this.#p, e;
        for (; e = t?.shift(); ) this.#r?.(...e);
      }
    }
  }
  #U(t) {
    let e = this.#y, s = this.#a[e], i = this.#s[e], n = this.#c(i);
    n && i.__abortController.abort(new Error("evicted"));
    let o = n ? i.__staleWhileFetching : i;
    return (this.#S || this.#e) && o !== void 0 && (this.#S && this.#i?.(o, s, "evict"), this.#e && this.#p?.push([o, s, "evict"])), this.#P(e), this.#v?.[e] && (clearTimeout(this.#v[e]), this.#v[e] = void 0), t && (this.#a[e] = void 0, this.#s[e] = void 0, this.#w.push(e)), this.#h === 1 ? (this.#y = this.#g = 0, this.#w.length = 0) : this.#y = this.#b[e], this.#l.delete(s), this.#h--, e;
  }
  has(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "has", s.key = t, s.cache = this);
    let i = this.#V(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #V(t, e = {}) {
    let { updateAgeOnHas: s = this.updateAgeOnHas, status: i } = e, n = this.#l.get(t);
    if (n !== void 0) {
      let o = this.#s[n];
      if (this.#c(o) && o.__staleWhileFetching === void 0) return false;
      if (this.#A(n)) i && (i.has = "stale", this.#D(i, n));
      else return s && this.#R(n), i && (i.has = "hit", this.#D(i, n)), true;
    } else i && (i.has = "miss");
    return false;
  }
  peek(t, e = {}) {
    let { status: s = ke() ? {} : void 0 } = e;
    s && (s.op = "peek", s.key = t, s.cache = this), e.status = s;
    let i = this.#H(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #H(t, e) {
    let { status: s, allowStale: i = this.allowStale } = e, n = this.#l.get(t);
    if (n === void 0 || !i && this.#A(n)) {
      s && (s.peek = n === void 0 ? "miss" : "stale");
      return;
    }
    let o = this.#s[n], h = this.#c(o) ? o.__staleWhileFetching : o;
    return s && (h !== void 0 ? (s.peek = "hit", s.value = h) : s.peek = "miss"), h;
  }
  #L(t, e, s, i) {
    let n = e === void 0 ? void 0 : this.#s[e];
    if (this.#c(n)) return n;
    let o = new AbortController(), { signal: h } = s;
    h?.addEventListener("abort", () => o.abort(h.reason), { signal: o.signal });
    let a = { signal: o.signal, options: s, context: i }, l = (d, w = false) => {
      let { aborted: m } = o.signal, b = s.ignoreFetchAbort && d !== void 0, x = s.ignoreFetchAbort || !!(s.allowStaleOnFetchAbort && d !== void 0);
      if (s.status && (m && !w ? (s.status.fetchAborted = true, s.status.fetchError = o.signal.reason, b && (s.status.fetchAbortIgnored = true)) : s.status.fetchResolved = true), m && !b && !w) return f(o.signal.reason, x);
      let S = p, y = this.#s[e];
      return (y === p || y === void 0 && b && w) && (d === void 0 ? S.__staleWhileFetching !== void 0 ? this.#s[e] = S.__staleWhileFetching : this.#j(t, "fetch") : (s.status && (s.status.fetchUpdated = true), this.#z(t, d, a.options, S))), d;
    }, c = (d) => (s.status && (s.status.fetchRejected = true, s.status.fetchError = d), f(d, false)), f = (d, w) => {
      let { aborted: m } = o.signal, b = m && s.allowStaleOnFetchAbort, x = b || s.allowStaleOnFetchRejection, S = x || s.noDeleteOnFetchRejection, y = p;
      if (this.#s[e] === p && (!S || !w && y.__staleWhileFetching === void 0 ? this.#j(t, "fetch") : b || (this.#s[e] = y.__staleWhileFetching)), x) return s.status && y.__staleWhileFetching !== void 0 && (s.status.returnedStale = true), y.__staleWhileFetching;
      if (y.__returned === y) throw d;
    }, u = (d, w) => {
      let m = this.#d?.(t, n, a);
      o.signal.addEventListener("abort", () => {
        (!s.ignoreFetchAbort || s.allowStaleOnFetchAbort) && (d(void 0), s.allowStaleOnFetchAbort && (d = (b) => l(b, true)));
      }), m && m instanceof Promise ? m.then((b) => d(b === void 0 ? void 0 : b), w) : m !== void 0 && d(m);
    };
    s.status && (s.status.fetchDispatched = true);
    let p = new Promise(u).then(l, c), g = Object.assign(p, { __abortController: o, __staleWhileFetching: n, __returned: void 0 });
    return e === void 0 ? (this.#z(t, g, { ...a.options, status: void 0 }), e = this.#l.get(t)) : this.#s[e] = g, g;
  }
  #c(t) {
    if (!this.#M) return false;
    let e = t;
    return !!e && e instanceof Promise && e.hasOwnProperty("__staleWhileFetching") && e.__abortController instanceof AbortController;
  }
  fetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#q(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #q(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, ttl: o = this.ttl, noDisposeOnSet: h = this.noDisposeOnSet, size: a = 0, sizeCalculation: l = this.sizeCalculation, noUpdateTTL: c = this.noUpdateTTL, noDeleteOnFetchRejection: f = this.noDeleteOnFetchRejection, allowStaleOnFetchRejection: u = this.allowStaleOnFetchRejection, ignoreFetchAbort: p = this.ignoreFetchAbort, allowStaleOnFetchAbort: g = this.allowStaleOnFetchAbort, context: d, forceRefresh: w = false, status: m, signal: b } = e;
    if (m && (m.op = "fetch", m.key = t, w && (m.forceRefresh = true), m.cache = this), !this.#M) return m && (m.fetch = "get"), this.#K(t, { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, status: m });
    let x = { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, ttl: o, noDisposeOnSet: h, size: a, sizeCalculation: l, noUpdateTTL: c, noDeleteOnFetchRejection: f, allowStaleOnFetchRejection: u, allowStaleOnFetchAbort: g, ignoreFetchAbort: p, status: m, signal: b }, S = this.#l.get(t);
    if (S === void 0) {
      m && (m.fetch = "miss");
      let y = this.#L(t, S, x, d);
      return y.__returned = y;
    } else {
      let y = this.#s[S];
      if (this.#c(y)) {
        let et = s && y.__staleWhileFetching !== void 0;
        return m && (m.fetch = "inflight", et && (m.returnedStale = true)), et ? y.__staleWhileFetching : y.__returned = y;
      }
      let q2 = this.#A(S);
      if (!w && !q2) return m && (m.fetch = "hit"), this.#X(S), i && this.#R(S), m && this.#D(m, S), y;
      let W = this.#L(t, S, x, d), B = W.__staleWhileFetching !== void 0 && s;
      return m && (m.fetch = q2 ? "stale" : "refresh", B && q2 && (m.returnedStale = true)), B ? W.__staleWhileFetching : W.__returned = W;
    }
  }
  forceFetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#B(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #B(t, e = {}) {
    let s = await this.#q(t, e);
    if (s === void 0) throw new Error("fetch() returned undefined");
    return s;
  }
  memo(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "memo", s.key = t, e.context && (s.context = e.context), s.cache = this);
    let i = this.#Z(t, e);
    return s && (s.value = i), M.hasSubscribers && M.publish(s), i;
  }
  #Z(t, e = {}) {
    let s = this.#u;
    if (!s) throw new Error("no memoMethod provided to constructor");
    let { context: i, status: n, forceRefresh: o, ...h } = e;
    n && o && (n.forceRefresh = true);
    let a = this.#K(t, h), l = o || a === void 0;
    if (n && (n.memo = l ? "miss" : "hit", l || (n.value = a)), !l) return a;
    let c = s(t, a, { options: h, context: i });
    return n && (n.value = c), this.#z(t, c, h), c;
  }
  get(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "get", s.key = t, s.cache = this);
    let i = this.#K(t, e);
    return s && (i !== void 0 && (s.value = i), M.hasSubscribers && M.publish(s)), i;
  }
  #K(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, status: o } = e, h = this.#l.get(t);
    if (h === void 0) {
      o && (o.get = "miss");
      return;
    }
    let a = this.#s[h], l = this.#c(a);
    return o && this.#D(o, h), this.#A(h) ? l ? (o && (o.get = "stale-fetching"), s && a.__staleWhileFetching !== void 0 ? (o && (o.returnedStale = true), a.__staleWhileFetching) : void 0) : (n || this.#j(t, "expire"), o && (o.get = "stale"), s ? (o && (o.returnedStale = true), a) : void 0) : (o && (o.get = l ? "fetching" : "hit"), this.#X(h), i && this.#R(h), l ? a.__staleWhileFetching : a);
  }
  #Y(t, e) {
    this.#E[e] = t, this.#b[t] = e;
  }
  #X(t) {
    t !== this.#g && (t === this.#y ? this.#y = this.#b[t] : this.#Y(this.#E[t], this.#b[t]), this.#Y(this.#g, t), this.#g = t);
  }
  delete(t) {
    return this.#j(t, "delete");
  }
  #j(t, e) {
    M.hasSubscribers && M.publish({ op: "delete", delete: e, key: t, cache: this });
    let s = false;
    if (this.#h !== 0) {
      let i = this.#l.get(t);
      if (i !== void 0) if (this.#v?.[i] && (clearTimeout(this.#v[i]), this.#v[i] = void 0), s = true, this.#h === 1) this.#J(e);
      else {
        this.#P(i);
        let n = this.#s[i];
        if (this.#c(n) ? n.__abortController.abort(new Error("deleted")) : (this.#S || this.#e) && (this.#S && this.#i?.(n, t, e), this.#e && this.#p?.push([n, t, e])), this.#l.delete(t), this.#a[i] = void 0, this.#s[i] = void 0, i === this.#g) this.#g = this.#E[i];
        else if (i === this.#y) this.#y = this.#b[i];
        else {
          let o = this.#E[i];
          this.#b[o] = this.#b[i];
          let h = this.#b[i];
          this.#E[h] = this.#E[i];
        }
        this.#h--, this.#w.push(i);
      }
    }
    if (this.#e && this.#p?.length) {
      let i = this.#p, n;
      for (; n = i?.shift(); ) this.#r?.(...n);
    }
    return s;
  }
  clear() {
    return this.#J("delete");
  }
  #J(t) {
    for (let e of this.#F({ allowStale: true })) {
      let s = this.#s[e];
      if (this.#c(s)) s.__abortController.abort(new Error("deleted"));
      else {
        let i = this.#a[e];
        this.#S && this.#i?.(s, i, t), this.#e && this.#p?.push([s, i, t]);
      }
    }
    if (this.#l.clear(), this.#s.fill(void 0), this.#a.fill(void 0), this.#x && this.#C) {
      this.#x.fill(0), this.#C.fill(0);
      for (let e of this.#v ?? []) e !== void 0 && clearTimeout(e);
      this.#v?.fill(void 0);
    }
    if (this.#k && this.#k.fill(0), this.#y = 0, this.#g = 0, this.#w.length = 0, this.#m = 0, this.#h = 0, this.#e && this.#p) {
      let e = this.#p, s;
      for (; s = e?.shift(); ) this.#r?.(...s);
    }
  }
};
var ms = typeof process == "object" && process ? process : { stdout: null, stderr: null };
var Li = (r7) => !!r7 && typeof r7 == "object" && (r7 instanceof J || r7 instanceof ys || ji(r7) || Wi(r7));
var ji = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.pipe == "function" && r7.pipe !== ys.Writable.prototype.pipe;
var Wi = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.write == "function" && typeof r7.end == "function";
var G = /* @__PURE__ */ Symbol("EOF");
var H = /* @__PURE__ */ Symbol("maybeEmitEnd");
var Y = /* @__PURE__ */ Symbol("emittedEnd");
var Wt = /* @__PURE__ */ Symbol("emittingEnd");
var St = /* @__PURE__ */ Symbol("emittedError");
var $t = /* @__PURE__ */ Symbol("closed");
var gs = /* @__PURE__ */ Symbol("read");
var It = /* @__PURE__ */ Symbol("flush");
var ws = /* @__PURE__ */ Symbol("flushChunk");
var z = /* @__PURE__ */ Symbol("encoding");
var nt = /* @__PURE__ */ Symbol("decoder");
var k = /* @__PURE__ */ Symbol("flowing");
var xt = /* @__PURE__ */ Symbol("paused");
var rt = /* @__PURE__ */ Symbol("resume");
var C = /* @__PURE__ */ Symbol("buffer");
var F = /* @__PURE__ */ Symbol("pipes");
var A = /* @__PURE__ */ Symbol("bufferLength");
var Ce = /* @__PURE__ */ Symbol("bufferPush");
var Bt = /* @__PURE__ */ Symbol("bufferShift");
var R = /* @__PURE__ */ Symbol("objectMode");
var E = /* @__PURE__ */ Symbol("destroyed");
var Ae = /* @__PURE__ */ Symbol("error");
var Me = /* @__PURE__ */ Symbol("emitData");
var bs = /* @__PURE__ */ Symbol("emitEnd");
var Re = /* @__PURE__ */ Symbol("emitEnd2");
var $ = /* @__PURE__ */ Symbol("async");
var Oe = /* @__PURE__ */ Symbol("abort");
var Ut = /* @__PURE__ */ Symbol("aborted");
var vt = /* @__PURE__ */ Symbol("signal");
var Q = /* @__PURE__ */ Symbol("dataListeners");
var _ = /* @__PURE__ */ Symbol("discarded");
var Et = (r7) => Promise.resolve().then(r7);
var $i = (r7) => r7();
var Ii = (r7) => r7 === "end" || r7 === "finish" || r7 === "prefinish";
var Bi = (r7) => r7 instanceof ArrayBuffer || !!r7 && typeof r7 == "object" && r7.constructor && r7.constructor.name === "ArrayBuffer" && r7.byteLength >= 0;
var Ui = (r7) => !Buffer.isBuffer(r7) && ArrayBuffer.isView(r7);
var Gt = class {
  src;
  dest;
  opts;
  ondrain;
  constructor(t, e, s) {
    this.src = t, this.dest = e, this.opts = s, this.ondrain = () => t[rt](), this.dest.on("drain", this.ondrain);
  }
  unpipe() {
    this.dest.removeListener("drain", this.ondrain);
  }
  proxyErrors(t) {
  }
  end() {
    this.unpipe(), this.opts.end && this.dest.end();
  }
};
var Fe = class extends Gt {
  unpipe() {
    this.src.removeListener("error", this.proxyErrors), super.unpipe();
  }
  constructor(t, e, s) {
    super(t, e, s), this.proxyErrors = (i) => this.dest.emit("error", i), t.on("error", this.proxyErrors);
  }
};
var Gi = (r7) => !!r7.objectMode;
var Hi = (r7) => !r7.objectMode && !!r7.encoding && r7.encoding !== "buffer";
var J = class extends Te {
  [k] = false;
  [xt] = false;
  [F] = [];
  [C] = [];
  [R];
  [z];
  [$];
  [nt];
  [G] = false;
  [Y] = false;
  [Wt] = false;
  [$t] = false;
  [St] = null;
  [A] = 0;
  [E] = false;
  [vt];
  [Ut] = false;
  [Q] = 0;
  [_] = false;
  writable = true;
  readable = true;
  constructor(...t) {
    let e = t[0] || {};
    if (super(), e.objectMode && typeof e.encoding == "string") throw new TypeError("Encoding and objectMode may not be used together");
    Gi(e) ? (this[R] = true, this[z] = null) : Hi(e) ? (this[z] = e.encoding, this[R] = false) : (this[R] = false, this[z] = null), this[$] = !!e.async, this[nt] = this[z] ? new zi(this[z]) : null, e && e.debugExposeBuffer === true && Object.defineProperty(this, "buffer", { get: () => this[C] }), e && e.debugExposePipes === true && Object.defineProperty(this, "pipes", { get: () => this[F] });
    let { signal: s } = e;
    s && (this[vt] = s, s.aborted ? this[Oe]() : s.addEventListener("abort", () => this[Oe]()));
  }
  get bufferLength() {
    return this[A];
  }
  get encoding() {
    return this[z];
  }
  set encoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  setEncoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  get objectMode() {
    return this[R];
  }
  set objectMode(t) {
    throw new Error("objectMode must be set at instantiation time");
  }
  get async() {
    return this[$];
  }
  set async(t) {
    this[$] = this[$] || !!t;
  }
  [Oe]() {
    this[Ut] = true, this.emit("abort", this[vt]?.reason), this.destroy(this[vt]?.reason);
  }
  get aborted() {
    return this[Ut];
  }
  set aborted(t) {
  }
  write(t, e, s) {
    if (this[Ut]) return false;
    if (this[G]) throw new Error("write after end");
    if (this[E]) return this.emit("error", Object.assign(new Error("Cannot call write after a stream was destroyed"), { code: "ERR_STREAM_DESTROYED" })), true;
    typeof e == "function" && (s = e, e = "utf8"), e || (e = "utf8");
    let i = this[$] ? Et : $i;
    if (!this[R] && !Buffer.isBuffer(t)) {
      if (Ui(t)) t = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
      else if (Bi(t)) t = Buffer.from(t);
      else if (typeof t != "string") throw new Error("Non-contiguous data written to non-objectMode stream");
    }
    return this[R] ? (this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : t.length ? (typeof t == "string" && !(e === this[z] && !this[nt]?.lastNeed) && (t = Buffer.from(t, e)), Buffer.isBuffer(t) && this[z] && (t = this[nt].write(t)), this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : (this[A] !== 0 && this.emit("readable"), s && i(s), this[k]);
  }
  read(t) {
    if (this[E]) return null;
    if (this[_] = false, this[A] === 0 || t === 0 || t && t > this[A]) return this[H](), null;
    this[R] && (t = null), this[C].length > 1 && !this[R] && (this[C] = [this[z] ? this[C].join("") : Buffer.concat(this[C], this[A])]);
    let e = this[gs](t || null, this[C][0]);
    return this[H](), e;
  }
  [gs](t, e) {
    if (this[R]) this[Bt]();
    else {
      let s = e;
      t === s.length || t === null ? this[Bt]() : typeof s == "string" ? (this[C][0] = s.slice(t), e = s.slice(0, t), this[A] -= t) : (this[C][0] = s.subarray(t), e = s.subarray(0, t), this[A] -= t);
    }
    return this.emit("data", e), !this[C].length && !this[G] && this.emit("drain"), e;
  }
  end(t, e, s) {
    return typeof t == "function" && (s = t, t = void 0), typeof e == "function" && (s = e, e = "utf8"), t !== void 0 && this.write(t, e), s && this.once("end", s), this[G] = true, this.writable = false, (this[k] || !this[xt]) && this[H](), this;
  }
  [rt]() {
    this[E] || (!this[Q] && !this[F].length && (this[_] = true), this[xt] = false, this[k] = true, this.emit("resume"), this[C].length ? this[It]() : this[G] ? this[H]() : this.emit("drain"));
  }
  resume() {
    return this[rt]();
  }
  pause() {
    this[k] = false, this[xt] = true, this[_] = false;
  }
  get destroyed() {
    return this[E];
  }
  get flowing() {
    return this[k];
  }
  get paused() {
    return this[xt];
  }
  [Ce](t) {
    this[R] ? this[A] += 1 : this[A] += t.length, this[C].push(t);
  }
  [Bt]() {
    return this[R] ? this[A] -= 1 : this[A] -= this[C][0].length, this[C].shift();
  }
  [It](t = false) {
    do
      ;
    while (this[ws](this[Bt]()) && this[C].length);
    !t && !this[C].length && !this[G] && this.emit("drain");
  }
  [ws](t) {
    return this.emit("data", t), this[k];
  }
  pipe(t, e) {
    if (this[E]) return t;
    this[_] = false;
    let s = this[Y];
    return e = e || {}, t === ms.stdout || t === ms.stderr ? e.end = false : e.end = e.end !== false, e.proxyErrors = !!e.proxyErrors, s ? e.end && t.end() : (this[F].push(e.proxyErrors ? new Fe(this, t, e) : new Gt(this, t, e)), this[$] ? Et(() => this[rt]()) : this[rt]()), t;
  }
  unpipe(t) {
    let e = this[F].find((s) => s.dest === t);
    e && (this[F].length === 1 ? (this[k] && this[Q] === 0 && (this[k] = false), this[F] = []) : this[F].splice(this[F].indexOf(e), 1), e.unpipe());
  }
  addListener(t, e) {
    return this.on(t, e);
  }
  on(t, e) {
    let s = super.on(t, e);
    if (t === "data") this[_] = false, this[Q]++, !this[F].length && !this[k] && this[rt]();
    else if (t === "readable" && this[A] !== 0) super.emit("readable");
    else if (Ii(t) && this[Y]) super.emit(t), this.removeAllListeners(t);
    else if (t === "error" && this[St]) {
      let i = e;
      this[$] ? Et(() => i.call(this, this[St])) : i.call(this, this[St]);
    }
    return s;
  }
  removeListener(t, e) {
    return this.off(t, e);
  }
  off(t, e) {
    let s = super.off(t, e);
    return t === "data" && (this[Q] = this.listeners("data").length, this[Q] === 0 && !this[_] && !this[F].length && (this[k] = false)), s;
  }
  removeAllListeners(t) {
    let e = super.removeAllListeners(t);
    return (t === "data" || t === void 0) && (this[Q] = 0, !this[_] && !this[F].length && (this[k] = false)), e;
  }
  get emittedEnd() {
    return this[Y];
  }
  [H]() {
    !this[Wt] && !this[Y] && !this[E] && this[C].length === 0 && this[G] && (this[Wt] = true, this.emit("end"), this.emit("prefinish"), this.emit("finish"), this[$t] && this.emit("close"), this[Wt] = false);
  }
  emit(t, ...e) {
    let s = e[0];
    if (t !== "error" && t !== "close" && t !== E && this[E]) return false;
    if (t === "data") return !this[R] && !s ? false : this[$] ? (Et(() => this[Me](s)), true) : this[Me](s);
    if (t === "end") return this[bs]();
    if (t === "close") {
      if (this[$t] = true, !this[Y] && !this[E]) return false;
      let n = super.emit("close");
      return this.removeAllListeners("close"), n;
    } else if (t === "error") {
      this[St] = s, super.emit(Ae, s);
      let n = !this[vt] || this.listeners("error").length ? super.emit("error", s) : false;
      return this[H](), n;
    } else if (t === "resume") {
      let n = super.emit("resume");
      return this[H](), n;
    } else if (t === "finish" || t === "prefinish") {
      let n = super.emit(t);
      return this.removeAllListeners(t), n;
    }
    let i = super.emit(t, ...e);
    return this[H](), i;
  }
  [Me](t) {
    for (let s of this[F]) s.dest.write(t) === false && this.pause();
    let e = this[_] ? false : super.emit("data", t);
    return this[H](), e;
  }
  [bs]() {
    return this[Y] ? false : (this[Y] = true, this.readable = false, this[$] ? (Et(() => this[Re]()), true) : this[Re]());
  }
  [Re]() {
    if (this[nt]) {
      let e = this[nt].end();
      if (e) {
        for (let s of this[F]) s.dest.write(e);
        this[_] || super.emit("data", e);
      }
    }
    for (let e of this[F]) e.end();
    let t = super.emit("end");
    return this.removeAllListeners("end"), t;
  }
  async collect() {
    let t = Object.assign([], { dataLength: 0 });
    this[R] || (t.dataLength = 0);
    let e = this.promise();
    return this.on("data", (s) => {
      t.push(s), this[R] || (t.dataLength += s.length);
    }), await e, t;
  }
  async concat() {
    if (this[R]) throw new Error("cannot concat in objectMode");
    let t = await this.collect();
    return this[z] ? t.join("") : Buffer.concat(t, t.dataLength);
  }
  async promise() {
    return new Promise((t, e) => {
      this.on(E, () => e(new Error("stream destroyed"))), this.on("error", (s) => e(s)), this.on("end", () => t());
    });
  }
  [Symbol.asyncIterator]() {
    this[_] = false;
    let t = false, e = async () => (this.pause(), t = true, { value: void 0, done: true });
    return { next: () => {
      if (t) return e();
      let i = this.read();
      if (i !== null) return Promise.resolve({ done: false, value: i });
      if (this[G]) return e();
      let n, o, h = (f) => {
        this.off("data", a), this.off("end", l), this.off(E, c), e(), o(f);
      }, a = (f) => {
        this.off("error", h), this.off("end", l), this.off(E, c), this.pause(), n({ value: f, done: !!this[G] });
      }, l = () => {
        this.off("error", h), this.off("data", a), this.off(E, c), e(), n({ done: true, value: void 0 });
      }, c = () => h(new Error("stream destroyed"));
      return new Promise((f, u) => {
        o = u, n = f, this.once(E, c), this.once("error", h), this.once("end", l), this.once("data", a);
      });
    }, throw: e, return: e, [Symbol.asyncIterator]() {
      return this;
    }, [Symbol.asyncDispose]: async () => {
    } };
  }
  [Symbol.iterator]() {
    this[_] = false;
    let t = false, e = () => (this.pause(), this.off(Ae, e), this.off(E, e), this.off("end", e), t = true, { done: true, value: void 0 }), s = () => {
      if (t) return e();
      let i = this.read();
      return i === null ? e() : { done: false, value: i };
    };
    return this.once("end", e), this.once(Ae, e), this.once(E, e), { next: s, throw: e, return: e, [Symbol.iterator]() {
      return this;
    }, [Symbol.dispose]: () => {
    } };
  }
  destroy(t) {
    if (this[E]) return t ? this.emit("error", t) : this.emit(E), this;
    this[E] = true, this[_] = true, this[C].length = 0, this[A] = 0;
    let e = this;
    return typeof e.close == "function" && !this[$t] && e.close(), t ? this.emit("error", t) : this.emit(E), this;
  }
  static get isStream() {
    return Li;
  }
};
var tn = Zi.native;
var Ct = { lstatSync: Xi, readdir: Vi, readdirSync: Yi, readlinkSync: Ji, realpathSync: tn, promises: { lstat: en, readdir: sn, readlink: nn, realpath: rn } };
var Cs = (r7) => !r7 || r7 === Ct || r7 === Qi ? Ct : { ...Ct, ...r7, promises: { ...Ct.promises, ...r7.promises } };
var on = /^\\\\\?\\([a-z]:)\\?$/i;
var hn = /^\\\\\?\\UNC\\([^\\]+\\[^\\]+)\\?$/i;
var an = /^\\\\[^\\?]+\\[^\\]+$/;
var Ss = (r7) => r7.replace(/\//g, "\\").replace(on, "$1\\").replace(hn, "\\\\$1\\").replace(an, "$&\\");
var ln = /^[\\/]{2}\?[\\/]unc[\\/][^\\/]+[\\/][^\\/]+(?:[\\/]|$)/i;
var cn = /^[\\/]{2}\?[\\/](?=[a-z]:)/i;
var fn = /^[\\/]{2}\?[\\/]unc(?=[\\/][^\\/]+[\\/][^\\/])/i;
var un = /[\\/]/;
var P = 0;
var As = 1;
var Ms = 2;
var I = 4;
var Rs = 6;
var Os = 8;
var tt = 10;
var Fs = 12;
var N = 15;
var kt = ~N;
var _e = 16;
var xs = 32;
var At = 64;
var L = 128;
var Ht = 256;
var Kt = 512;
var vs = At | L | Kt;
var dn = 1023;
var De = (r7) => r7.isFile() ? Os : r7.isDirectory() ? I : r7.isSymbolicLink() ? tt : r7.isCharacterDevice() ? Ms : r7.isBlockDevice() ? Rs : r7.isSocket() ? Fs : r7.isFIFO() ? As : P;
var Es = new yt({ max: 2 ** 12 });
var Mt = (r7) => {
  let t = Es.get(r7);
  if (t) return t;
  let e = r7.normalize("NFKD");
  return Es.set(r7, e), e;
};
var ks = new yt({ max: 2 ** 12 });
var qt = (r7) => {
  let t = ks.get(r7);
  if (t) return t;
  let e = Mt(r7.toLowerCase());
  return ks.set(r7, e), e;
};
var Xt = class extends yt {
  constructor() {
    super({ max: 256 });
  }
};
var Pe = class extends yt {
  constructor(t = 16 * 1024) {
    super({ maxSize: t, sizeCalculation: (e) => e.length + 1 });
  }
};
var Ts = /* @__PURE__ */ Symbol("PathScurry setAsCwd");
var O = class {
  name;
  root;
  roots;
  parent;
  nocase;
  isCWD = false;
  #t;
  #n;
  get dev() {
    return this.#n;
  }
  #i;
  get mode() {
    return this.#i;
  }
  #o;
  get nlink() {
    return this.#o;
  }
  #r;
  get uid() {
    return this.#r;
  }
  #d;
  get gid() {
    return this.#d;
  }
  #u;
  get rdev() {
    return this.#u;
  }
  #f;
  get blksize() {
    return this.#f;
  }
  #h;
  get ino() {
    return this.#h;
  }
  #m;
  get size() {
    return this.#m;
  }
  #l;
  get blocks() {
    return this.#l;
  }
  #a;
  get atimeMs() {
    return this.#a;
  }
  #s;
  get mtimeMs() {
    return this.#s;
  }
  #b;
  get ctimeMs() {
    return this.#b;
  }
  #E;
  get birthtimeMs() {
    return this.#E;
  }
  #y;
  get atime() {
    return this.#y;
  }
  #g;
  get mtime() {
    return this.#g;
  }
  #w;
  get ctime() {
    return this.#w;
  }
  #p;
  get birthtime() {
    return this.#p;
  }
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  #_;
  #R;
  get parentPath() {
    return (this.parent || this).fullpath();
  }
  get path() {
    return this.parentPath;
  }
  constructor(t, e = P, s, i, n, o, h) {
    this.name = t, this.#k = n ? qt(t) : Mt(t), this.#e = e & dn, this.nocase = n, this.roots = i, this.root = s || this, this.#T = o, this.#x = h.fullpath, this.#S = h.relative, this.#M = h.relativePosix, this.parent = h.parent, this.parent ? this.#t = this.parent.#t : this.#t = Cs(h.fs);
  }
  get fs() {
    return this.#t;
  }
  depth() {
    return this.#C !== void 0 ? this.#C : this.parent ? this.#C = this.parent.depth() + 1 : this.#C = 0;
  }
  childrenCache() {
    return this.#T;
  }
  resolve(t) {
    if (!t) return this;
    let e = this.getRootString(t), i = t.substring(e.length).split(this.splitSep);
    return e ? this.getRoot(e).#D(i) : this.#D(i);
  }
  #D(t) {
    let e = this;
    for (let s of t) e = e.child(s);
    return e;
  }
  children() {
    let t = this.#T.get(this);
    if (t) return t;
    let e = Object.assign([], { provisional: 0 });
    return this.#T.set(this, e), this.#e &= ~_e, e;
  }
  child(t, e) {
    if (t === "" || t === ".") return this;
    if (t === "..") return this.parent || this;
    let s = this.children(), i = this.nocase ? qt(t) : Mt(t);
    for (let a of s) if (a.#k === i) return a;
    let n = this.parent ? this.sep : "", o = this.#x ? this.#x + n + t : void 0, h = this.newChild(t, P, { ...e, parent: this, fullpath: o });
    return this.canReaddir() || (h.#e |= L), s.push(h), h;
  }
  relative() {
    if (this.isCWD) return "";
    if (this.#S !== void 0) return this.#S;
    let t = this.name, e = this.parent;
    if (!e) return this.#S = this.name;
    let s = e.relative();
    return s + (!s || !e.parent ? "" : this.sep) + t;
  }
  relativePosix() {
    if (this.sep === "/") return this.relative();
    if (this.isCWD) return "";
    if (this.#M !== void 0) return this.#M;
    let t = this.name, e = this.parent;
    if (!e) return this.#M = this.fullpathPosix();
    let s = e.relativePosix();
    return s + (!s || !e.parent ? "" : "/") + t;
  }
  fullpath() {
    if (this.#x !== void 0) return this.#x;
    let t = this.name, e = this.parent;
    if (!e) return this.#x = this.name;
    let i = e.fullpath() + (e.parent ? this.sep : "") + t;
    return this.#x = i;
  }
  fullpathPosix() {
    if (this.#v !== void 0) return this.#v;
    if (this.sep === "/") return this.#v = this.fullpath();
    if (!this.parent) {
      let i = this.fullpath().replace(/\\/g, "/");
      return /^[a-z]:\//i.test(i) ? this.#v = `//?/${i}` : this.#v = i;
    }
    let t = this.parent, e = t.fullpathPosix(), s = e + (!e || !t.parent ? "" : "/") + this.name;
    return this.#v = s;
  }
  isUnknown() {
    return (this.#e & N) === P;
  }
  isType(t) {
    return this[`is${t}`]();
  }
  getType() {
    return this.isUnknown() ? "Unknown" : this.isDirectory() ? "Directory" : this.isFile() ? "File" : this.isSymbolicLink() ? "SymbolicLink" : this.isFIFO() ? "FIFO" : this.isCharacterDevice() ? "CharacterDevice" : this.isBlockDevice() ? "BlockDevice" : this.isSocket() ? "Socket" : "Unknown";
  }
  isFile() {
    return (this.#e & N) === Os;
  }
  isDirectory() {
    return (this.#e & N) === I;
  }
  isCharacterDevice() {
    return (this.#e & N) === Ms;
  }
  isBlockDevice() {
    return (this.#e & N) === Rs;
  }
  isFIFO() {
    return (this.#e & N) === As;
  }
  isSocket() {
    return (this.#e & N) === Fs;
  }
  isSymbolicLink() {
    return (this.#e & tt) === tt;
  }
  lstatCached() {
    return this.#e & xs ? this : void 0;
  }
  readlinkCached() {
    return this.#_;
  }
  realpathCached() {
    return this.#R;
  }
  readdirCached() {
    let t = this.children();
    return t.slice(0, t.provisional);
  }
  canReadlink() {
    if (this.#_) return true;
    if (!this.parent) return false;
    let t = this.#e & N;
    return !(t !== P && t !== tt || this.#e & Ht || this.#e & L);
  }
  calledReaddir() {
    return !!(this.#e & _e);
  }
  isENOENT() {
    return !!(this.#e & L);
  }
  isNamed(t) {
    return this.nocase ? this.#k === qt(t) : this.#k === Mt(t);
  }
  async readlink() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = await this.#t.promises.readlink(this.fullpath()), s = (await this.parent.realpath())?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  readlinkSync() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = this.#t.readlinkSync(this.fullpath()), s = this.parent.realpathSync()?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  #W(t) {
    this.#e |= _e;
    for (let e = t.provisional; e < t.length; e++) {
      let s = t[e];
      s && s.#A();
    }
  }
  #A() {
    this.#e & L || (this.#e = (this.#e | L) & kt, this.#G());
  }
  #G() {
    let t = this.children();
    t.provisional = 0;
    for (let e of t) e.#A();
  }
  #P() {
    this.#e |= Kt, this.#N();
  }
  #N() {
    if (this.#e & At) return;
    let t = this.#e;
    (t & N) === I && (t &= kt), this.#e = t | At, this.#G();
  }
  #$(t = "") {
    t === "ENOTDIR" || t === "EPERM" ? this.#N() : t === "ENOENT" ? this.#A() : this.children().provisional = 0;
  }
  #O(t = "") {
    t === "ENOTDIR" ? this.parent.#N() : t === "ENOENT" && this.#A();
  }
  #F(t = "") {
    let e = this.#e;
    e |= Ht, t === "ENOENT" && (e |= L), (t === "EINVAL" || t === "UNKNOWN") && (e &= kt), this.#e = e, t === "ENOTDIR" && this.parent && this.parent.#N();
  }
  #I(t, e) {
    return this.#U(t, e) || this.#z(t, e);
  }
  #z(t, e) {
    let s = De(t), i = this.newChild(t.name, s, { parent: this }), n = i.#e & N;
    return n !== I && n !== tt && n !== P && (i.#e |= At), e.unshift(i), e.provisional++, i;
  }
  #U(t, e) {
    for (let s = e.provisional; s < e.length; s++) {
      let i = e[s];
      if ((this.nocase ? qt(t.name) : Mt(t.name)) === i.#k) return this.#V(t, i, s, e);
    }
  }
  #V(t, e, s, i) {
    let n = e.name;
    return e.#e = e.#e & kt | De(t), n !== t.name && (e.name = t.name), s !== i.provisional && (s === i.length - 1 ? i.pop() : i.splice(s, 1), i.unshift(e)), i.provisional++, e;
  }
  async lstat() {
    if ((this.#e & L) === 0) try {
      return this.#H(await this.#t.promises.lstat(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  lstatSync() {
    if ((this.#e & L) === 0) try {
      return this.#H(this.#t.lstatSync(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  #H(t) {
    let { atime: e, atimeMs: s, birthtime: i, birthtimeMs: n, blksize: o, blocks: h, ctime: a, ctimeMs: l, dev: c, gid: f, ino: u, mode: p, mtime: g, mtimeMs: d, nlink: w, rdev: m, size: b, uid: x } = t;
    this.#y = e, this.#a = s, this.#p = i, this.#E = n, this.#f = o, this.#l = h, this.#w = a, this.#b = l, this.#n = c, this.#d = f, this.#h = u, this.#i = p, this.#g = g, this.#s = d, this.#o = w, this.#u = m, this.#m = b, this.#r = x;
    let S = De(t);
    this.#e = this.#e & kt | S | xs, S !== P && S !== I && S !== tt && (this.#e |= At);
  }
  #L = [];
  #c = false;
  #q(t) {
    this.#c = false;
    let e = this.#L.slice();
    this.#L.length = 0, e.forEach((s) => s(null, t));
  }
  readdirCB(t, e = false) {
    if (!this.canReaddir()) {
      e ? t(null, []) : queueMicrotask(() => t(null, []));
      return;
    }
    let s = this.children();
    if (this.calledReaddir()) {
      let n = s.slice(0, s.provisional);
      e ? t(null, n) : queueMicrotask(() => t(null, n));
      return;
    }
    if (this.#L.push(t), this.#c) return;
    this.#c = true;
    let i = this.fullpath();
    this.#t.readdir(i, { withFileTypes: true }, (n, o) => {
      if (n) this.#$(n.code), s.provisional = 0;
      else {
        for (let h of o) this.#I(h, s);
        this.#W(s);
      }
      this.#q(s.slice(0, s.provisional));
    });
  }
  #B;
  async readdir() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    if (this.#B) await this.#B;
    else {
      let s = () => {
      };
      this.#B = new Promise((i) => s = i);
      try {
        for (let i of await this.#t.promises.readdir(e, { withFileTypes: true })) this.#I(i, t);
        this.#W(t);
      } catch (i) {
        this.#$(i.code), t.provisional = 0;
      }
      this.#B = void 0, s();
    }
    return t.slice(0, t.provisional);
  }
  readdirSync() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    try {
      for (let s of this.#t.readdirSync(e, { withFileTypes: true })) this.#I(s, t);
      this.#W(t);
    } catch (s) {
      this.#$(s.code), t.provisional = 0;
    }
    return t.slice(0, t.provisional);
  }
  canReaddir() {
    if (this.#e & vs) return false;
    let t = N & this.#e;
    return t === P || t === I || t === tt;
  }
  shouldWalk(t, e) {
    return (this.#e & I) === I && !(this.#e & vs) && !t.has(this) && (!e || e(this));
  }
  async realpath() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = await this.#t.promises.realpath(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  realpathSync() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = this.#t.realpathSync(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  [Ts](t) {
    if (t === this) return;
    t.isCWD = false, this.isCWD = true;
    let e = /* @__PURE__ */ new Set([]), s = [], i = this;
    for (; i && i.parent; ) e.add(i), i.#S = s.join(this.sep), i.#M = s.join("/"), i = i.parent, s.push("..");
    for (i = t; i && i.parent && !e.has(i); ) i.#S = void 0, i.#M = void 0, i = i.parent;
  }
};
var Vt = class r extends O {
  sep = "\\";
  splitSep = un;
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  newChild(t, e = P, s = {}) {
    return new r(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
  getRootString(t) {
    return ln.exec(t)?.[0] ?? Ne.parse(t).root;
  }
  getRoot(t) {
    if (t = Ss(t.toUpperCase()), t === this.root.name || /^[\\/]$/.test(t)) return this.root;
    for (let [e, s] of Object.entries(this.roots)) if (this.sameRoot(t, e)) return this.roots[t] = s;
    return this.roots[t] = new ot(t, { nocase: this.nocase, fs: this.fs }).root;
  }
  sameRoot(t, e = this.root.name) {
    return Ss(t.toUpperCase()) === e;
  }
};
var Yt = class r2 extends O {
  splitSep = "/";
  sep = "/";
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  getRootString(t) {
    return t.startsWith("/") ? "/" : "";
  }
  getRoot(t) {
    return this.root;
  }
  newChild(t, e = P, s = {}) {
    return new r2(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
};
var Jt = class {
  root;
  rootPath;
  roots;
  cwd;
  #t;
  #n;
  #i;
  nocase;
  #o;
  constructor(t = process.cwd(), e, s, { nocase: i, childrenCacheSize: n = 16 * 1024, fs: o = Ct } = {}) {
    this.#o = Cs(o), (t instanceof URL || t.startsWith("file://")) && (t = Ki(t));
    let h = e.resolve(t);
    this.roots = /* @__PURE__ */ Object.create(null), this.rootPath = this.parseRootPath(h), this.#t = new Xt(), this.#n = new Xt(), this.#i = new Pe(n);
    let a = h.substring(this.rootPath.length).split(s);
    if (a.length === 1 && !a[0] && a.pop(), i === void 0) throw new TypeError("must provide nocase setting to PathScurryBase ctor");
    this.nocase = i, this.root = this.newRoot(this.#o), this.roots[this.rootPath] = this.root;
    let l = this.root, c = a.length - 1, f = e.sep, u = this.rootPath, p = false;
    for (let g of a) {
      let d = c--;
      l = l.child(g, { relative: new Array(d).fill("..").join(f), relativePosix: new Array(d).fill("..").join("/"), fullpath: u += (p ? "" : f) + g }), p = true;
    }
    this.cwd = l;
  }
  depth(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.depth();
  }
  childrenCache() {
    return this.#i;
  }
  resolve(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#t.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpath();
    return this.#t.set(e, i), i;
  }
  resolvePosix(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#n.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpathPosix();
    return this.#n.set(e, i), i;
  }
  relative(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relative();
  }
  relativePosix(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relativePosix();
  }
  basename(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.name;
  }
  dirname(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), (t.parent || t).fullpath();
  }
  async readdir(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s } = e;
    if (t.canReaddir()) {
      let i = await t.readdir();
      return s ? i : i.map((n) => n.name);
    } else return [];
  }
  readdirSync(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true } = e;
    return t.canReaddir() ? s ? t.readdirSync() : t.readdirSync().map((i) => i.name) : [];
  }
  async lstat(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstat();
  }
  lstatSync(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstatSync();
  }
  async readlink(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.readlink();
    return e ? s : s?.fullpath();
  }
  readlinkSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.readlinkSync();
    return e ? s : s?.fullpath();
  }
  async realpath(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.realpath();
    return e ? s : s?.fullpath();
  }
  realpathSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.realpathSync();
    return e ? s : s?.fullpath();
  }
  async walk(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = (f, u) => {
      a.add(f), f.readdirCB((p, g) => {
        if (p) return u(p);
        let d = g.length;
        if (!d) return u();
        let w = () => {
          --d === 0 && u();
        };
        for (let m of g) (!n || n(m)) && h.push(s ? m : m.fullpath()), i && m.isSymbolicLink() ? m.realpath().then((b) => b?.isUnknown() ? b.lstat() : b).then((b) => b?.shouldWalk(a, o) ? l(b, w) : w()) : m.shouldWalk(a, o) ? l(m, w) : w();
      }, true);
    }, c = t;
    return new Promise((f, u) => {
      l(c, (p) => {
        if (p) return u(p);
        f(h);
      });
    });
  }
  walkSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set([t]);
    for (let l of a) {
      let c = l.readdirSync();
      for (let f of c) {
        (!n || n(f)) && h.push(s ? f : f.fullpath());
        let u = f;
        if (f.isSymbolicLink()) {
          if (!(i && (u = f.realpathSync()))) continue;
          u.isUnknown() && u.lstatSync();
        }
        u.shouldWalk(a, o) && a.add(u);
      }
    }
    return h;
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
  iterate(t = this.cwd, e = {}) {
    return typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd), this.stream(t, e)[Symbol.asyncIterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  *iterateSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e;
    (!n || n(t)) && (yield s ? t : t.fullpath());
    let h = /* @__PURE__ */ new Set([t]);
    for (let a of h) {
      let l = a.readdirSync();
      for (let c of l) {
        (!n || n(c)) && (yield s ? c : c.fullpath());
        let f = c;
        if (c.isSymbolicLink()) {
          if (!(i && (f = c.realpathSync()))) continue;
          f.isUnknown() && f.lstatSync();
        }
        f.shouldWalk(h, o) && h.add(f);
      }
    }
  }
  stream(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true });
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = (w, m, b = false) => {
          if (w) return h.emit("error", w);
          if (i && !b) {
            let x = [];
            for (let S of m) S.isSymbolicLink() && x.push(S.realpath().then((y) => y?.isUnknown() ? y.lstat() : y));
            if (x.length) {
              Promise.all(x).then(() => g(null, m, true));
              return;
            }
          }
          for (let x of m) x && (!n || n(x)) && (h.write(s ? x : x.fullpath()) || (u = true));
          c--;
          for (let x of m) {
            let S = x.realpathCached() || x;
            S.shouldWalk(a, o) && l.push(S);
          }
          u && !h.flowing ? h.once("drain", f) : d || f();
        }, d = true;
        p.readdirCB(g, true), d = false;
      }
    };
    return f(), h;
  }
  streamSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true }), a = /* @__PURE__ */ new Set();
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = p.readdirSync();
        for (let d of g) (!n || n(d)) && (h.write(s ? d : d.fullpath()) || (u = true));
        c--;
        for (let d of g) {
          let w = d;
          if (d.isSymbolicLink()) {
            if (!(i && (w = d.realpathSync()))) continue;
            w.isUnknown() && w.lstatSync();
          }
          w.shouldWalk(a, o) && l.push(w);
        }
      }
      u && !h.flowing && h.once("drain", f);
    };
    return f(), h;
  }
  chdir(t = this.cwd) {
    let e = this.cwd;
    this.cwd = typeof t == "string" ? this.cwd.resolve(t) : t, this.cwd[Ts](e);
  }
};
var ot = class extends Jt {
  sep = "\\";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    typeof t == "string" && !t.startsWith("file://") && (t = t.replace(cn, "").replace(fn, "\\")), super(t, Ne, "\\", { ...e, nocase: s }), this.nocase = s;
    for (let i = this.cwd; i; i = i.parent) i.nocase = this.nocase;
  }
  parseRootPath(t) {
    return Ne.parse(t).root.toUpperCase();
  }
  newRoot(t) {
    return new Vt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/") || t.startsWith("\\") || /^[a-z]:(\/|\\)/i.test(t);
  }
};
var ht = class extends Jt {
  sep = "/";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = false } = e;
    super(t, qi, "/", { ...e, nocase: s }), this.nocase = s;
  }
  parseRootPath(t) {
    return "/";
  }
  newRoot(t) {
    return new Yt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/");
  }
};
var Rt = class extends ht {
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    super(t, { ...e, nocase: s });
  }
};
var rr = process.platform === "win32" ? Vt : Yt;
var _s = process.platform === "win32" ? ot : process.platform === "darwin" ? Rt : ht;
var pn = (r7) => r7.length >= 1;
var mn = (r7) => r7.length >= 1;
var gn = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");
var at = class r3 {
  #t;
  #n;
  #i;
  length;
  #o;
  #r;
  #d;
  #u;
  #f;
  #h;
  #m = true;
  constructor(t, e, s, i) {
    if (!pn(t)) throw new TypeError("empty pattern list");
    if (!mn(e)) throw new TypeError("empty glob list");
    if (e.length !== t.length) throw new TypeError("mismatched pattern list and glob list lengths");
    if (this.length = t.length, s < 0 || s >= this.length) throw new TypeError("index out of range");
    if (this.#t = t, this.#n = e, this.#i = s, this.#o = i, this.#i === 0) {
      if (this.isUNC()) {
        let n = this.#l() ? 6 : 4, o = this.#t.slice(0, n), h = this.#n.slice(0, n), a = this.#t.slice(n), l = this.#n.slice(n);
        a[0] === "" && (a.shift(), l.shift());
        let c = [...o, ""].join("/"), f = [...h, ""].join("/");
        this.#t = [c, ...a], this.#n = [f, ...l], this.length = this.#t.length;
      } else if (this.isDrive() || this.isAbsolute()) {
        let [n, ...o] = this.#t, [h, ...a] = this.#n;
        o[0] === "" && (o.shift(), a.shift());
        let l = `${n}/`, c = `${h}/`;
        this.#t = [l, ...o], this.#n = [c, ...a], this.length = this.#t.length;
      }
    }
  }
  [gn]() {
    return `Pattern <${this.#n.slice(this.#i).join("/")}>`;
  }
  pattern() {
    return this.#t[this.#i];
  }
  isString() {
    return typeof this.#t[this.#i] == "string";
  }
  isGlobstar() {
    return this.#t[this.#i] === v;
  }
  isMatcher() {
    return typeof this.#t[this.#i] == "object";
  }
  globString() {
    return this.#d = this.#d || (this.#i === 0 ? this.isAbsolute() ? this.#n[0] + this.#n.slice(1).join("/") : this.#n.join("/") : this.#n.slice(this.#i).join("/"));
  }
  hasMore() {
    return this.length > this.#i + 1;
  }
  rest() {
    return this.#r !== void 0 ? this.#r : this.hasMore() ? (this.#r = new r3(this.#t, this.#n, this.#i + 1, this.#o), this.#r.#h = this.#h, this.#r.#f = this.#f, this.#r.#u = this.#u, this.#r) : this.#r = null;
  }
  #l() {
    let t = this.#t;
    return t[2] === "?" && typeof t[3] == "string" && /^unc$/i.test(t[3]);
  }
  isUNC() {
    let t = this.#t, e = this.#l() ? 4 : 2;
    return this.#f !== void 0 ? this.#f : this.#f = this.#o === "win32" && this.#i === 0 && t[0] === "" && t[1] === "" && typeof t[e] == "string" && !!t[e] && typeof t[e + 1] == "string" && !!t[e + 1];
  }
  isDrive() {
    let t = this.#t;
    return this.#u !== void 0 ? this.#u : this.#u = this.#o === "win32" && this.#i === 0 && this.length > 1 && typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]);
  }
  isAbsolute() {
    let t = this.#t;
    return this.#h !== void 0 ? this.#h : this.#h = t[0] === "" && t.length > 1 || this.isDrive() || this.isUNC();
  }
  root() {
    let t = this.#t[0];
    return typeof t == "string" && this.isAbsolute() && this.#i === 0 ? t : "";
  }
  checkFollowGlobstar() {
    return !(this.#i === 0 || !this.isGlobstar() || !this.#m);
  }
  markFollowGlobstar() {
    return this.#i === 0 || !this.isGlobstar() || !this.#m ? false : (this.#m = false, true);
  }
};
var wn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var lt = class {
  relative;
  relativeChildren;
  absolute;
  absoluteChildren;
  platform;
  mmopts;
  slashRoot;
  constructor(t, { nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, platform: h = wn, root: a, windowsPathsNoEscape: l, allowWindowsEscape: c, braceExpandMax: f = 1e4 }, u) {
    this.relative = [], this.absolute = [], this.relativeChildren = [], this.absoluteChildren = [], this.platform = h, l = !!l || c === false, this.mmopts = { braceExpandMax: f, dot: true, nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, optimizationLevel: 2, platform: h, nocomment: true, nonegate: true, windowsPathsNoEscape: l };
    let p = u?.resolve(a ?? "/").fullpath() ?? "/";
    this.slashRoot = K(p.replace(/\\/g, "/").replace(/\/$/, ""), { magicalBraces: true, windowsPathsNoEscape: l });
    for (let g of t) this.add(g);
  }
  add(t) {
    let e = new D(t, this.mmopts);
    for (let s = 0; s < e.set.length; s++) {
      let i = e.set[s], n = e.globParts[s];
      if (!i || !n) throw new Error("invalid pattern object");
      for (; i[0] === "." && n[0] === "."; ) i.shift(), n.shift();
      let o = new at(i, n, 0, this.platform), h = o.root() === "/" ? `${this.slashRoot}/${o.rest()?.globString() ?? ""}` : o.globString(), a = new D(h, this.mmopts), l = n[n.length - 1] === "**", c = o.isAbsolute();
      c ? this.absolute.push(a) : this.relative.push(a), l && (c ? this.absoluteChildren.push(a) : this.relativeChildren.push(a));
    }
  }
  ignored(t) {
    let e = t.fullpath(), s = `${e}/`, i = t.relative() || ".", n = `${i}/`;
    for (let o of this.relative) if (o.match(i) || o.match(n)) return true;
    for (let o of this.absolute) if (o.match(e) || o.match(s)) return true;
    return false;
  }
  childrenIgnored(t) {
    let e = `${t.fullpath()}/`, s = `${t.relative() || "."}/`;
    for (let i of this.relativeChildren) if (i.match(s)) return true;
    for (let i of this.absoluteChildren) if (i.match(e)) return true;
    return false;
  }
};
var ze = class r4 {
  parent;
  store;
  constructor(t) {
    this.parent = t;
  }
  copy() {
    return new r4(this);
  }
  #t(t) {
    let e = this.store?.get(t);
    return e || !this.parent ? e : this.parent.#t(t);
  }
  hasWalked(t, e) {
    return !!this.#t(t.fullpath())?.has(e.globString());
  }
  storeWalked(t, e) {
    let s = t.fullpath(), i = this.#t(s);
    i ? i.add(e.globString()) : (this.store ??= /* @__PURE__ */ new Map()).set(s, /* @__PURE__ */ new Set([e.globString()]));
  }
};
var Ot = class r5 {
  static ABSOLUTE = 2;
  static IF_DIR = 1;
  store = /* @__PURE__ */ new Map();
  add(t, e, s) {
    let i = (e ? r5.ABSOLUTE : 0) | (s ? r5.IF_DIR : 0), n = this.store.get(t);
    this.store.set(t, n === void 0 ? i : i & n);
  }
};
var Le = class {
  store = /* @__PURE__ */ new Map();
  add(t, e) {
    if (!t.canReaddir()) return;
    let s = this.store.get(t);
    s ? s.find((i) => i.globString() === e.globString()) || s.push(e) : this.store.set(t, [e]);
  }
  get(t) {
    let e = this.store.get(t);
    if (!e) throw new Error("attempting to walk unknown path");
    return e;
  }
  entries() {
    return this.keys().map((t) => [t, this.store.get(t)]);
  }
  keys() {
    return [...this.store.keys()].filter((t) => t.canReaddir());
  }
};
var Ft = class r6 {
  hasWalkedCache;
  matches = new Ot();
  subwalks = new Le();
  patterns;
  follow;
  dot;
  opts;
  constructor(t, e) {
    this.opts = t, this.follow = !!t.follow, this.dot = !!t.dot, this.hasWalkedCache = e ? e.copy() : new ze();
  }
  processPatterns(t, e) {
    this.patterns = e;
    let s = e.map((i) => [t, i]);
    for (let [i, n] of s) {
      this.hasWalkedCache.storeWalked(i, n);
      let o = n.root(), h = n.isAbsolute() && this.opts.absolute !== false;
      if (o) {
        i = i.resolve(o === "/" && this.opts.root !== void 0 ? this.opts.root : o);
        let f = n.rest();
        if (f) n = f;
        else {
          this.matches.add(i, true, false);
          continue;
        }
      }
      if (i.isENOENT()) continue;
      let a, l, c = false;
      for (; typeof (a = n.pattern()) == "string" && (l = n.rest()); ) i = i.resolve(a), n = l, c = true;
      if (a = n.pattern(), l = n.rest(), c) {
        if (this.hasWalkedCache.hasWalked(i, n)) continue;
        this.hasWalkedCache.storeWalked(i, n);
      }
      if (typeof a == "string") {
        let f = a === ".." || a === "" || a === ".";
        this.matches.add(i.resolve(a), h, f);
        continue;
      } else if (a === v) {
        (!i.isSymbolicLink() || this.follow || n.checkFollowGlobstar()) && this.subwalks.add(i, n);
        let f = l?.pattern(), u = l?.rest();
        if (!l || (f === "" || f === ".") && !u) this.matches.add(i, h, f === "" || f === ".");
        else if (f === "..") {
          let p = i.parent || i;
          u ? this.hasWalkedCache.hasWalked(p, u) || this.subwalks.add(p, u) : this.matches.add(p, h, true);
        }
      } else typeof a == "object" && this.subwalks.add(i, n);
    }
    return this;
  }
  subwalkTargets() {
    return this.subwalks.keys();
  }
  child() {
    return new r6(this.opts, this.hasWalkedCache);
  }
  filterEntries(t, e) {
    let s = this.subwalks.get(t), i = this.child();
    for (let n of e) for (let o of s) {
      let h = o.isAbsolute(), a = o.pattern(), l = o.rest();
      a === v ? i.testGlobstar(n, o, l, h) : typeof a == "object" ? i.testMatcher(n, a, l, h) : i.testString(n, a, l, h);
    }
    return i;
  }
  testGlobstar(t, e, s, i) {
    if ((this.dot || !t.name.startsWith(".")) && (e.hasMore() || this.matches.add(t, i, false), t.canReaddir() && (this.follow || !t.isSymbolicLink() ? this.subwalks.add(t, e) : t.isSymbolicLink() && (s && e.checkFollowGlobstar() ? this.subwalks.add(t, s) : e.markFollowGlobstar() && this.subwalks.add(t, e)))), s) {
      let n = s.pattern();
      if (typeof n == "string" && n !== ".." && n !== "" && n !== ".") this.testString(t, n, s.rest(), i);
      else if (n === "..") {
        let o = t.parent || t;
        this.subwalks.add(o, s);
      } else typeof n == "object" && this.testMatcher(t, n, s.rest(), i);
    }
  }
  testMatcher(t, e, s, i) {
    e.testUnchecked(t.name) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
  testString(t, e, s, i) {
    t.isNamed(e) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
};
var { ABSOLUTE: Zt, IF_DIR: Qt } = Ot;
var bn = (r7, t, e) => typeof r7 == "string" ? new lt([r7], t, e) : Array.isArray(r7) ? new lt(r7, t, e) : r7;
var te = class {
  path;
  patterns;
  opts;
  seen = /* @__PURE__ */ new Set();
  paused = false;
  aborted = false;
  #t = [];
  #n;
  #i;
  signal;
  maxDepth;
  includeChildMatches;
  constructor(t, e, s) {
    if (this.patterns = t, this.path = e, this.opts = s, this.#i = !s.posix && s.platform === "win32" ? "\\" : "/", this.includeChildMatches = s.includeChildMatches !== false, (s.ignore || !this.includeChildMatches) && (this.#n = bn(s.ignore ?? [], s, e), !this.includeChildMatches && typeof this.#n.add != "function")) {
      let i = "cannot ignore child matches, ignore lacks add() method.";
      throw new Error(i);
    }
    this.maxDepth = s.maxDepth || 1 / 0, s.signal && (this.signal = s.signal, this.signal.addEventListener("abort", () => {
      this.#t.length = 0;
    }));
  }
  #o(t) {
    return this.seen.has(t) || !!this.#n?.ignored?.(t);
  }
  #r(t) {
    return !!this.#n?.childrenIgnored?.(t);
  }
  pause() {
    this.paused = true;
  }
  resume() {
    if (this.signal?.aborted) return;
    this.paused = false;
    let t;
    for (; !this.paused && (t = this.#t.shift()); ) t();
  }
  onResume(t) {
    this.paused ? this.#t.push(t) : t();
  }
  async matchCheck(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || await t.realpath(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? await i.lstat() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = await o.realpath();
      h && (h.isUnknown() || this.opts.stat) && await h.lstat();
    }
    return this.matchCheckTest(o, e);
  }
  matchCheckTest(t, e) {
    return t && (this.maxDepth === 1 / 0 || t.depth() <= this.maxDepth) && (!e || t.canReaddir()) && (!this.opts.nodir || !t.isDirectory()) && (!this.opts.nodir || !this.opts.follow || !t.isSymbolicLink() || !t.realpathCached()?.isDirectory()) && !this.#o(t) ? t : void 0;
  }
  matchCheckSync(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || t.realpathSync(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? i.lstatSync() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = o.realpathSync();
      h && (h?.isUnknown() || this.opts.stat) && h.lstatSync();
    }
    return this.matchCheckTest(o, e);
  }
  matchFinish(t, e) {
    this.#o(t) || this.#d(t, e);
  }
  #d(t, e) {
    if (!this.includeChildMatches && this.#n?.add) {
      let n = `${t.relativePosix()}/**`;
      this.#n.add(n);
    }
    let s = this.opts.absolute === void 0 ? e : this.opts.absolute;
    this.seen.add(t);
    let i = this.opts.mark && t.isDirectory() ? this.#i : "";
    if (this.opts.withFileTypes) this.matchEmit(t);
    else if (s) {
      let n = this.opts.posix ? t.fullpathPosix() : t.fullpath();
      this.matchEmit(n + i);
    } else {
      let n = this.opts.posix ? t.relativePosix() : t.relative(), o = this.opts.dotRelative && !n.startsWith(`..${this.#i}`) ? `.${this.#i}` : "";
      this.matchEmit(n ? o + n + i : `.${i}`);
    }
  }
  async match(t, e, s) {
    let i = await this.matchCheck(t, s);
    i && this.matchFinish(i, e);
  }
  matchSync(t, e, s) {
    let i = this.matchCheckSync(t, s);
    i && this.#d(i, e);
  }
  walkCB(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2(t, e, new Ft(this.opts), s);
  }
  walkCB2(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || (n++, this.match(h, !!(a & Zt), !!(a & Qt)).then(() => o()));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirCached();
      h.calledReaddir() ? this.walkCB3(h, a, s, o) : h.readdirCB((l, c) => this.walkCB3(h, c, s, o), true);
    }
    o();
  }
  walkCB3(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || (o++, this.match(a, !!(l & Zt), !!(l & Qt)).then(() => h()));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2(a, l, n.child(), h);
    h();
  }
  walkCBSync(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2Sync(t, e, new Ft(this.opts), s);
  }
  walkCB2Sync(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2Sync(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || this.matchSync(h, !!(a & Zt), !!(a & Qt));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirSync();
      this.walkCB3Sync(h, a, s, o);
    }
    o();
  }
  walkCB3Sync(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || this.matchSync(a, !!(l & Zt), !!(l & Qt));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2Sync(a, l, n.child(), h);
    h();
  }
};
var Tt = class extends te {
  matches = [];
  constructor(t, e, s) {
    super(t, e, s);
  }
  matchEmit(t) {
    this.matches.push(t);
  }
  async walk() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && await this.path.lstat(), await new Promise((t, e) => {
      this.walkCB(this.path, this.patterns, () => {
        this.signal?.aborted ? e(this.signal.reason) : t(this.matches);
      });
    }), this.matches;
  }
  walkSync() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => {
      if (this.signal?.aborted) throw this.signal.reason;
    }), this.matches;
  }
};
var _t = class extends te {
  results;
  constructor(t, e, s) {
    super(t, e, s), this.results = new J({ signal: this.signal, objectMode: true }), this.results.on("drain", () => this.resume()), this.results.on("resume", () => this.resume());
  }
  matchEmit(t) {
    this.results.write(t), this.results.flowing || this.pause();
  }
  stream() {
    let t = this.path;
    return t.isUnknown() ? t.lstat().then(() => {
      this.walkCB(t, this.patterns, () => this.results.end());
    }) : this.walkCB(t, this.patterns, () => this.results.end()), this.results;
  }
  streamSync() {
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => this.results.end()), this.results;
  }
};
var Sn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var j = class {
  absolute;
  cwd;
  root;
  dot;
  dotRelative;
  follow;
  ignore;
  magicalBraces;
  mark;
  matchBase;
  maxDepth;
  nobrace;
  nocase;
  nodir;
  noext;
  noglobstar;
  pattern;
  platform;
  realpath;
  scurry;
  stat;
  signal;
  windowsPathsNoEscape;
  withFileTypes;
  includeChildMatches;
  opts;
  patterns;
  constructor(t, e) {
    if (!e) throw new TypeError("glob options required");
    if (this.withFileTypes = !!e.withFileTypes, this.signal = e.signal, this.follow = !!e.follow, this.dot = !!e.dot, this.dotRelative = !!e.dotRelative, this.nodir = !!e.nodir, this.mark = !!e.mark, e.cwd ? (e.cwd instanceof URL || e.cwd.startsWith("file://")) && (e.cwd = yn(e.cwd)) : this.cwd = "", this.cwd = e.cwd || "", this.root = e.root, this.magicalBraces = !!e.magicalBraces, this.nobrace = !!e.nobrace, this.noext = !!e.noext, this.realpath = !!e.realpath, this.absolute = e.absolute, this.includeChildMatches = e.includeChildMatches !== false, this.noglobstar = !!e.noglobstar, this.matchBase = !!e.matchBase, this.maxDepth = typeof e.maxDepth == "number" ? e.maxDepth : 1 / 0, this.stat = !!e.stat, this.ignore = e.ignore, this.withFileTypes && this.absolute !== void 0) throw new Error("cannot set absolute and withFileTypes:true");
    let s = typeof t == "string" ? [t] : t;
    if (this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e.allowWindowsEscape === false, this.windowsPathsNoEscape && (s = s.map((l) => l.replace(/\\/g, "/"))), this.matchBase) {
      if (e.noglobstar) throw new TypeError("base matching requires globstar");
      s = s.map((l) => l.includes("/") ? l : `./**/${l}`);
    }
    if (this.pattern = s, this.platform = e.platform || Sn, this.opts = { ...e, platform: this.platform }, e.scurry) {
      if (this.scurry = e.scurry, e.nocase !== void 0 && e.nocase !== e.scurry.nocase) throw new Error("nocase option contradicts provided scurry option");
    } else {
      let l = e.platform === "win32" ? ot : e.platform === "darwin" ? Rt : e.platform ? ht : _s;
      this.scurry = new l(this.cwd, { nocase: e.nocase, fs: e.fs });
    }
    this.nocase = this.scurry.nocase;
    let i = this.platform === "darwin" || this.platform === "win32", n = { braceExpandMax: 1e4, ...e, dot: this.dot, matchBase: this.matchBase, nobrace: this.nobrace, nocase: this.nocase, nocaseMagicOnly: i, nocomment: true, noext: this.noext, nonegate: true, optimizationLevel: 2, platform: this.platform, windowsPathsNoEscape: this.windowsPathsNoEscape }, o = this.pattern.map((l) => new D(l, n)), [h, a] = o.reduce((l, c) => (l[0].push(...c.set), l[1].push(...c.globParts), l), [[], []]);
    this.patterns = h.map((l, c) => {
      let f = a[c];
      if (!f) throw new Error("invalid pattern object");
      return new at(l, f, 0, this.platform);
    });
  }
  async walk() {
    return await new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walk();
  }
  walkSync() {
    return new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walkSync();
  }
  stream() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).stream();
  }
  streamSync() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).streamSync();
  }
  iterateSync() {
    return this.streamSync()[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  iterate() {
    return this.stream()[Symbol.asyncIterator]();
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
};
var je = (r7, t = {}) => {
  for (let e of Array.isArray(r7) ? r7 : [r7]) if (new D(e, t).hasMagic()) return true;
  return false;
};
function ee(r7, t = {}) {
  return new j(r7, t).streamSync();
}
function Ps(r7, t = {}) {
  return new j(r7, t).stream();
}
function zs(r7, t = {}) {
  return new j(r7, t).walkSync();
}
async function Ds(r7, t = {}) {
  return new j(r7, t).walk();
}
function se(r7, t = {}) {
  return new j(r7, t).iterateSync();
}
function Ls(r7, t = {}) {
  return new j(r7, t).iterate();
}
var xn = ee;
var vn = Object.assign(Ps, { sync: ee });
var En = se;
var kn = Object.assign(Ls, { sync: se });
var Cn = Object.assign(zs, { stream: ee, iterate: se });
var Ns = Object.assign(Ds, { glob: Ds, globSync: zs, sync: Cn, globStream: Ps, stream: vn, globStreamSync: ee, streamSync: xn, globIterate: Ls, iterate: kn, globIterateSync: se, iterateSync: En, Glob: j, hasMagic: je, escape: K, unescape: st });
Ns.glob = Ns;

// src/load/discover.ts
var import_ignore = __toESM(require_ignore(), 1);
var LINTABLE_EXTENSIONS = /\.(ya?ml|json)$/i;
var ALWAYS_IGNORED_DIRS = ["node_modules", ".git"];
var ALWAYS_IGNORED = ALWAYS_IGNORED_DIRS.map((d) => `${d}/`);
var IGNORED_REASON = "ignored by an ignore pattern";
var DANGLING_REASON = "a symbolic link whose target does not exist";
var LOOP_REASON = "symbolic link loop";
var OUTSIDE_REASON = "a symbolic link that leads outside the repository (not followed)";
var outside = (path) => ({ path, reason: OUTSIDE_REASON, kind: "outside-repository" });
var notRegular = (path, st2) => ({ path, reason: `not a regular file (${fileTypeOf(st2)})`, kind: "not-regular" });
var Ignorer = class {
  constructor(useGitignore) {
    this.useGitignore = useGitignore;
  }
  useGitignore;
  sets = [];
  loadedDirs = /* @__PURE__ */ new Set();
  add(base, patterns) {
    if (patterns.length === 0) return;
    this.sets.push({ base, ig: (0, import_ignore.default)().add([...patterns]) });
  }
  /** Reads `.gitignore` of a directory once, when walking into it. */
  loadDir(dir) {
    if (!this.useGitignore || this.loadedDirs.has(dir)) return;
    this.loadedDirs.add(dir);
    this.add(dir, readIgnoreFile(join3(dir, ".gitignore")));
  }
  ignored(abs, isDir) {
    for (const { base, ig } of this.sets) {
      const rel = relative5(base, abs);
      if (rel === "" || rel.startsWith("..") || isAbsolute5(rel)) continue;
      const posix = rel.split(sep3).join("/");
      if (ig.ignores(isDir ? `${posix}/` : posix)) return true;
    }
    return false;
  }
};
function readIgnoreFile(path) {
  const read2 = readRegularFile(path);
  return read2.ok ? read2.bytes.toString("utf8").split(/\r?\n/) : [];
}
function discover(opts) {
  const useGitignore = opts.useGitignore ?? true;
  const ig = new Ignorer(useGitignore);
  ig.add(opts.cwd, ALWAYS_IGNORED);
  ig.add(opts.ignoreBase, opts.ignorePatterns);
  ig.add(opts.ignoreBase, readIgnoreFile(join3(opts.ignoreBase, ".meshlintignore")));
  if (useGitignore) {
    const root2 = repoRoot(opts.cwd);
    if (root2) for (let d = opts.cwd; ; d = dirname4(d)) {
      ig.loadDir(d);
      if (d === root2 || dirname4(d) === d) break;
    }
  }
  const files = /* @__PURE__ */ new Set();
  const skipped = [];
  const ignored = [];
  const unmatched = [];
  const charts = [];
  const patterns = opts.patterns.length > 0 ? opts.patterns : ["."];
  const chartOf = chartFinder();
  const addFile = (abs) => {
    const chart = chartOf(dirname4(abs));
    if (chart === void 0) files.add(abs);
    else if (!charts.includes(chart)) charts.push(chart);
  };
  const out = { files, skipped, ignored, charts };
  const walkOrChart = (abs, boundary) => {
    const chart = chartOf(abs);
    if (chart === void 0) walk(abs, ig, out, /* @__PURE__ */ new Set(), boundary);
    else if (!charts.includes(chart)) charts.push(chart);
  };
  for (const pattern of patterns) {
    const abs = resolve5(opts.cwd, pattern);
    const found = lookUp(abs);
    const boundary = repositoryOf(abs, opts.cwd);
    if (found.st && escapesThroughLink(boundary, abs)) {
      skipped.push(outside(abs));
    } else if (found.st?.isDirectory()) {
      walkOrChart(abs, boundary);
    } else if (found.st?.isFile()) {
      loadGitignoresDownTo(dirname4(abs), opts.cwd, ig);
      if (ig.ignored(abs, false)) skipped.push({ path: abs, reason: IGNORED_REASON, kind: "ignored" });
      else addFile(abs);
    } else if (found.st) {
      skipped.push(notRegular(abs, found.st));
    } else if (found.problem === "loop") {
      skipped.push({ path: abs, reason: LOOP_REASON, kind: "link-loop" });
    } else if (found.problem === "unreadable") {
      addFile(abs);
    } else if (je(pattern, { windowsPathsNoEscape: true })) {
      const matches2 = zs(pattern, { cwd: opts.cwd, absolute: true, dot: false, follow: false });
      let met = 0;
      for (const m of matches2.sort()) {
        if (!LINTABLE_EXTENSIONS.test(m) || insideBuiltInIgnore(m, opts.cwd)) continue;
        met++;
        loadGitignoresDownTo(dirname4(m), opts.cwd, ig);
        const match = lookUp(m);
        const isDir = Boolean(match.st?.isDirectory());
        const within = repositoryOf(m, opts.cwd);
        if (ig.ignored(m, isDir) || insideIgnoredDir(m, opts.cwd, ig)) ignored.push({ path: m, reason: IGNORED_REASON, kind: isDir ? "ignored-directory" : "ignored" });
        else if (match.st && escapesThroughLink(within, m)) skipped.push(outside(m));
        else if (isDir) walkOrChart(m, within);
        else if (match.st?.isFile()) addFile(m);
        else if (match.st) skipped.push(notRegular(m, match.st));
        else if (match.problem === "loop") skipped.push({ path: m, reason: LOOP_REASON, kind: "link-loop" });
        else if (match.problem === "dangling") skipped.push({ path: m, reason: DANGLING_REASON, kind: "dangling-link" });
        else addFile(m);
      }
      if (met === 0) unmatched.push(pattern);
    } else if (found.problem === "dangling") {
      skipped.push({ path: abs, reason: DANGLING_REASON, kind: "dangling-link" });
    } else {
      unmatched.push(pattern);
    }
  }
  return { files: [...files], skipped, ignored, unmatched, charts };
}
function chartFinder() {
  const known = /* @__PURE__ */ new Map();
  const isChart = (dir) => existsSync3(join3(dir, "Chart.yaml"));
  const outermost = (dir) => {
    if (known.has(dir)) return known.get(dir);
    const parent = dirname4(dir);
    const atTop = parent === dir || existsSync3(join3(dir, ".git"));
    const above = atTop ? void 0 : outermost(parent);
    const found = above ?? (isChart(dir) ? dir : void 0);
    known.set(dir, found);
    return found;
  };
  return outermost;
}
function loadGitignoresDownTo(dir, cwd, ig) {
  const rel = relative5(cwd, dir);
  if (rel.startsWith("..") || isAbsolute5(rel)) return;
  let d = cwd;
  ig.loadDir(d);
  for (const part of rel.split(sep3).filter(Boolean)) {
    d = join3(d, part);
    ig.loadDir(d);
  }
}
function insideBuiltInIgnore(file, cwd) {
  const rel = relative5(cwd, file);
  return rel.split(sep3).slice(0, -1).some((part) => ALWAYS_IGNORED_DIRS.includes(part));
}
function insideIgnoredDir(file, cwd, ig) {
  for (let d = dirname4(file); d.startsWith(cwd) && d !== cwd; d = dirname4(d)) {
    if (ig.ignored(d, true)) return true;
  }
  return false;
}
function lookUp(p) {
  try {
    return { st: statSync(p) };
  } catch (e) {
    const code = e.code;
    if (code === "ELOOP") return { st: void 0, problem: "loop" };
    if (code === "EACCES" || code === "EPERM") return { st: void 0, problem: "unreadable" };
    try {
      return { st: void 0, problem: lstatSync(p).isSymbolicLink() ? "dangling" : "missing" };
    } catch {
      return { st: void 0, problem: "missing" };
    }
  }
}
function walk(dir, ig, out, visiting, boundary) {
  const { skipped } = out;
  let real;
  try {
    real = realpathSync2(dir);
  } catch (e) {
    skipped.push({ path: dir, reason: `cannot resolve the directory: ${describeFsError(e)}`, kind: "unreadable-directory" });
    return;
  }
  if (visiting.has(real)) {
    skipped.push({ path: dir, reason: LOOP_REASON, kind: "link-loop" });
    return;
  }
  visiting.add(real);
  ig.loadDir(dir);
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    skipped.push({ path: dir, reason: `cannot read the directory: ${describeFsError(e)}`, kind: "unreadable-directory" });
    visiting.delete(real);
    return;
  }
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  if (entries.some((e) => e.name === "Chart.yaml" && !e.isDirectory())) {
    out.charts.push(dir);
    visiting.delete(real);
    return;
  }
  for (const entry of entries) {
    const p = join3(dir, entry.name);
    let st2 = entry;
    if (entry.isSymbolicLink()) {
      const target = lookUp(p);
      if (target.st && escapesThroughLink(boundary, p)) {
        const isDir = target.st.isDirectory();
        if (isDir || LINTABLE_EXTENSIONS.test(entry.name)) {
          if (ig.ignored(p, isDir)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: isDir ? "ignored-directory" : "ignored" });
          else skipped.push(outside(p));
        }
        continue;
      }
      if (target.st) st2 = target.st;
      else if (!LINTABLE_EXTENSIONS.test(entry.name)) continue;
      else {
        if (target.problem === "loop") skipped.push({ path: p, reason: LOOP_REASON, kind: "link-loop" });
        else if (target.problem === "unreadable") out.files.add(p);
        else skipped.push({ path: p, reason: DANGLING_REASON, kind: "dangling-link" });
        continue;
      }
    }
    if (st2.isDirectory()) {
      if (!ig.ignored(p, true)) walk(p, ig, out, visiting, boundary);
      else if (!ALWAYS_IGNORED_DIRS.includes(entry.name)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: "ignored-directory" });
    } else if (LINTABLE_EXTENSIONS.test(entry.name)) {
      if (ig.ignored(p, false)) out.ignored.push({ path: p, reason: IGNORED_REASON, kind: "ignored" });
      else if (st2.isFile()) out.files.add(p);
      else skipped.push(notRegular(p, st2));
    }
  }
  visiting.delete(real);
}

// src/load/context.ts
function discoverContext(opts) {
  const { cwd, config } = opts;
  const paths = [...opts.paths, ...config.context];
  if (paths.length === 0) return { files: [], missing: void 0 };
  const found = discover({
    cwd,
    patterns: paths,
    ignorePatterns: [...config.ignorePatterns, ...opts.ignorePatterns ?? []],
    ignoreBase: config.filePath ? dirname5(config.filePath) : cwd,
    useGitignore: opts.useGitignore ?? true
  });
  const missing = found.unmatched[0];
  if (missing !== void 0 && config.context.includes(missing)) {
    throw new ConfigError(config.filePath, "context", `${displayPathOf(missing, cwd)}: no such file or directory (paths are relative to the config file)`);
  }
  return { files: found.files, missing: missing === void 0 ? void 0 : displayPathOf(missing, cwd) };
}

// src/load/render/index.ts
import { existsSync as existsSync5, statSync as statSync3 } from "node:fs";
import { join as join7, relative as relative8, resolve as resolve8 } from "node:path";

// src/load/render/helm.ts
import { existsSync as existsSync4, lstatSync as lstatSync2, readdirSync as readdirSync2, readlinkSync } from "node:fs";
import { join as join4, relative as relative6 } from "node:path";

// src/parse/template-locator.ts
var TEMPLATE_ONLY = /^\{\{.*\}\}$/;
var KEY_LINE = /^((?:-\s+)*)(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{][^:#]*?|[^\s#'"{]))\s*:(?:\s|$)/;
function locateInTemplate(template, spot) {
  const lines = template.split(/\r?\n/);
  const scope = sectionLines(lines, spot.kind);
  const keyPath = (spot.path ?? []).filter((p) => typeof p === "string");
  const keyLines = scope.flatMap((i) => {
    const k2 = parseKeyLine(lines[i] ?? "", i);
    return k2 ? [k2] : [];
  });
  const last = keyPath[keyPath.length - 1];
  const wanted = spot.lineText.trim();
  if (wanted.length >= 3 && !TEMPLATE_ONLY.test(wanted)) {
    const same = scope.filter((i2) => lines[i2]?.trim() === wanted);
    const renderedKey = parseKeyLine(spot.lineText, 0)?.key;
    const i = same.length === 1 ? same[0] : -1;
    const asKey = keyLines.find((k2) => k2.index === i);
    const fits = renderedKey === void 0 || last === void 0 || !spot.path?.length || renderedKey === last && (!asKey || chainFits(keyLines, asKey, keyPath));
    if (i >= 0 && fits) {
      const text = lines[i] ?? "";
      const indent = text.length - text.trimStart().length;
      const renderedIndent = spot.lineText.length - spot.lineText.trimStart().length;
      const column = Math.min(Math.max(indent + 1, indent + (spot.column - renderedIndent)), text.trimEnd().length + 1);
      return { range: { line: i + 1, column, endLine: i + 1, endColumn: text.trimEnd().length + 1 }, precision: "line", ambiguous: false };
    }
  }
  const ambiguous = last !== void 0 && keyLines.filter((k2) => k2.key === last).length > 1;
  for (let depth = keyPath.length; depth >= 1; depth--) {
    if (depth === 1 && keyPath.length > 2) break;
    const hit = uniqueKeyLine(keyLines, keyPath.slice(0, depth));
    if (hit) {
      const text = lines[hit.index] ?? "";
      const range = { line: hit.index + 1, column: hit.indent + 1, endLine: hit.index + 1, endColumn: text.trimEnd().length + 1 };
      return depth === keyPath.length ? { range, precision: "key", ambiguous: false } : { range, precision: "ancestor", key: hit.key, ambiguous };
    }
  }
  return { range: { line: 1, column: 1, endLine: 1, endColumn: 1 }, precision: "file", ambiguous };
}
function sectionLines(lines, kind) {
  const all = lines.map((_2, i) => i);
  if (!kind) return all;
  const sections = [[]];
  for (let i = 0; i < lines.length; i++) {
    if (/^---(\s|$)/.test(lines[i] ?? "")) sections.push([]);
    else sections[sections.length - 1]?.push(i);
  }
  const kindLine = new RegExp(`^kind:\\s*["']?${kind.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?\\s*(#.*)?$`);
  const matching = sections.filter((s) => s.some((i) => kindLine.test(lines[i] ?? "")));
  return matching.length > 0 ? matching.flat() : all;
}
function parseKeyLine(text, index) {
  const body = text.trimStart();
  if (body === "" || body.startsWith("#") || body.startsWith("{{")) return void 0;
  const m = KEY_LINE.exec(body);
  if (!m) return void 0;
  const lead = text.length - body.length;
  const dashes = [];
  let col = lead;
  for (const d of (m[1] ?? "").matchAll(/-\s+/g)) {
    dashes.push(col);
    col += d[0].length;
  }
  const key = m[2] !== void 0 ? m[2].replace(/\\(.)/g, "$1") : m[3] !== void 0 ? m[3].replace(/''/g, "'") : (m[4] ?? "").trim();
  return { index, indent: lead + (m[1]?.length ?? 0), key, dashes };
}
function uniqueKeyLine(keyLines, keys) {
  const last = keys[keys.length - 1];
  const candidates = keyLines.filter((k2) => k2.key === last && chainFits(keyLines, k2, keys));
  if (candidates.length === 0) return void 0;
  const scored = candidates.map((c) => ({ c, score: chainScore(keyLines, c, keys) }));
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  if (top.length !== 1) return void 0;
  if (best < Math.min(2, keys.length) && candidates.length > 1) return void 0;
  return top[0]?.c;
}
function parentOf(keyLines, pos) {
  const line = keyLines[pos];
  const viaDash = line.dashes.length > 0;
  const indent = viaDash ? line.dashes[0] : line.indent;
  for (let p = pos - 1; p >= 0; p--) {
    const above = keyLines[p];
    if (above.indent < indent || viaDash && above.indent === indent && above.dashes.length === 0) return p;
  }
  return -1;
}
function chainFits(keyLines, line, keys) {
  let pos = keyLines.indexOf(line);
  let current = line;
  for (let k2 = keys.length - 2; k2 >= 0; k2--) {
    pos = parentOf(keyLines, pos);
    if (pos < 0) return current.indent > 0;
    current = keyLines[pos];
    if (current.key !== keys[k2]) return false;
  }
  return parentOf(keyLines, pos) < 0;
}
function chainScore(keyLines, line, keys) {
  let score = 1;
  let pos = keyLines.indexOf(line);
  for (let k2 = keys.length - 2; k2 >= 0; k2--) {
    pos = parentOf(keyLines, pos);
    if (pos < 0 || keyLines[pos]?.key !== keys[k2]) break;
    score++;
  }
  return score;
}

// src/load/render/source-text.ts
import { sep as sep4 } from "node:path";
function cachedReader() {
  const cache2 = /* @__PURE__ */ new Map();
  return (p) => {
    if (!cache2.has(p)) {
      const read2 = readRegularFile(p);
      cache2.set(p, read2.ok ? read2.bytes.toString("utf8").replace(/^\ufeff/, "") : void 0);
    }
    return cache2.get(p);
  };
}
function readerWithin(read2, root2) {
  return (p) => isInside(root2, p) && !escapesThroughLink(root2, p) ? read2(p) : void 0;
}
function failureText(stderr, cwd) {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !/^Use --debug flag/.test(l) && !/^WARNING:/.test(l) && !/^walk\.go:/.test(l));
  const text = lines.join(" ").replace(/^Error:\s*/, "").replace(/\s+/g, " ").split(cwd.endsWith(sep4) ? cwd : cwd + sep4).join("");
  return text.length > 600 ? `${text.slice(0, 600)}\u2026` : text;
}
function lineOf(text, line) {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const nl = text.indexOf("\n", start);
    if (nl === -1) return "";
    start = nl + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? text.length : end).replace(/\r$/, "");
}

// src/load/render/helm.ts
function helmArgs(r7) {
  const args = ["template"];
  if (r7.namespace) args.push(`--namespace=${r7.namespace}`);
  for (const v2 of r7.values) args.push(`--values=${v2}`);
  for (const s of r7.set) args.push(`--set=${s}`);
  if (r7.kubeVersion) args.push(`--kube-version=${r7.kubeVersion}`);
  for (const a of r7.apiVersions) args.push(`--api-versions=${a}`);
  args.push("--", r7.release, r7.chartDir);
  return args;
}
var FIRST_LINE = { line: 1, column: 1, endLine: 1, endColumn: 1 };
function renderChart(r7, binary, run, cwd, readAny) {
  const read2 = readerWithin(readAny, r7.chartDir);
  const shown2 = displayPathOf(r7.chartDir, cwd);
  const displayPath = `${shown2} (helm template${r7.label ? `, ${r7.label}` : ""})`;
  const chartYaml = displayPathOf(join4(r7.chartDir, "Chart.yaml"), cwd);
  const atChart = (note) => ({ filePath: chartYaml, range: FIRST_LINE, note });
  const escape2 = chartEscape(r7.chartDir);
  if (escape2) {
    const message = `not rendered: ${escape2.why}; meshlint renders only charts whose files all lie inside the chart (${displayPathOf(escape2.path, cwd)})`;
    const at2 = { filePath: displayPathOf(escape2.path, cwd), range: FIRST_LINE, note: void 0 };
    return { displayPath, absPath: void 0, text: "", origin: { tool: "helm", source: shown2, label: r7.label, namespace: r7.namespace, failure: message, mapBack: () => at2 } };
  }
  const result = run(binary, helmArgs(r7), cwd);
  if (!result.ok) {
    const message = failureText(result.stderr, cwd) || `helm exited with an error and printed nothing`;
    const at2 = failureLocation(message, r7.chartDir, cwd, read2) ?? atChart(void 0);
    return { displayPath, absPath: void 0, text: "", origin: { tool: "helm", source: shown2, label: r7.label, namespace: r7.namespace, failure: message, mapBack: () => at2 } };
  }
  const mapBack = (at2) => {
    const source = at2.doc.helmSource;
    if (!source) return atChart('(a rendered document without a "# Source:" header)');
    const abs = join4(r7.chartDir, ...source.split("/").slice(1));
    const template = read2(abs);
    if (template === void 0) return atChart(`(rendered from ${source}, which is not a file in the chart: a packaged subchart?)`);
    const hit = locateInTemplate(template, {
      kind: at2.resource?.kind,
      path: at2.docPath,
      lineText: lineOf(at2.doc.file.text, at2.range.line),
      column: at2.range.column
    });
    const note = hit.precision === "ancestor" ? hit.ambiguous ? `(at "${hit.key}:": the reported key is written more than once under it, and the render does not say which)` : `(at "${hit.key}:", under which a template expression writes the reported key)` : hit.precision === "file" ? hit.ambiguous ? "(the reported key is written more than once in this template, and the render does not say which; the first line is shown)" : "(the reported key is not written in this template, so the first line is shown)" : void 0;
    return { filePath: displayPathOf(abs, cwd), range: hit.range, note };
  };
  return { displayPath, absPath: void 0, text: result.stdout, origin: { tool: "helm", source: shown2, label: r7.label, namespace: r7.namespace, failure: void 0, mapBack } };
}
function failureLocation(message, chartDir, cwd, read2) {
  for (const m of [...message.matchAll(/([\w.-]+(?:\/[\w.@-]+)+\.(?:ya?ml|tpl|txt|json)):(\d+)(?::(\d+))?/g)].reverse()) {
    const abs = join4(chartDir, ...m[1].split("/").slice(1));
    if (relative6(chartDir, abs).startsWith("..") || !existsSync4(abs)) continue;
    const line = Number(m[2]);
    const column = m[3] ? Number(m[3]) : 1;
    return { filePath: displayPathOf(abs, cwd), range: { line, column, endLine: line, endColumn: column }, note: void 0 };
  }
  const yamlError = /YAML parse error on ([\w.-]+(?:\/[\w.@-]+)+)/.exec(message)?.[1];
  if (yamlError) {
    const abs = join4(chartDir, ...yamlError.split("/").slice(1));
    if (!relative6(chartDir, abs).startsWith("..") && existsSync4(abs)) {
      return { filePath: displayPathOf(abs, cwd), range: FIRST_LINE, note: "(the line number in the message counts lines of the rendered output)" };
    }
  }
  const missing = /missing in charts\/ directory:\s*([\w.,\s-]+)/.exec(message)?.[1]?.split(/[,\s]+/)[0];
  if (missing) {
    const chart = join4(chartDir, "Chart.yaml");
    const lines = read2(chart)?.split(/\r?\n/) ?? [];
    const index = lines.findIndex((l) => dependencyNameOf(l) === missing);
    if (index >= 0) {
      const l = lines[index] ?? "";
      const column = l.indexOf("name:") + 1;
      return { filePath: displayPathOf(chart, cwd), range: { line: index + 1, column, endLine: index + 1, endColumn: l.trimEnd().length + 1 }, note: void 0 };
    }
  }
  return void 0;
}
function dependencyNameOf(line) {
  const m = /^\s*(?:-\s+)?name:(.*)$/.exec(line);
  if (!m) return void 0;
  const v2 = m[1].trim();
  const quoted = v2.length >= 2 && (v2[0] === '"' || v2[0] === "'") && v2[v2.length - 1] === v2[0];
  return quoted ? v2.slice(1, -1) : v2;
}
var MAX_CHART_ENTRIES = 5e4;
function chartEscape(chartDir) {
  const realChart = realPath(chartDir) ?? chartDir;
  const pending = [chartDir];
  let seen = 0;
  while (pending.length > 0) {
    const dir = pending.pop();
    let names;
    try {
      names = readdirSync2(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (++seen > MAX_CHART_ENTRIES) return { path: chartDir, why: `the chart holds more than ${MAX_CHART_ENTRIES} files and folders` };
      const p = join4(dir, name);
      let link = false;
      try {
        const st2 = lstatSync2(p);
        link = st2.isSymbolicLink();
        if (st2.isDirectory()) pending.push(p);
      } catch {
        continue;
      }
      if (!link) continue;
      const real = realPath(p);
      if (real === void 0) continue;
      if (!isInside(realChart, real)) {
        const target = safeLinkText(p);
        return { path: p, why: `${relative6(chartDir, p).split("\\").join("/")} is a symbolic link to ${target ?? "a path"} outside the chart` };
      }
    }
  }
  return void 0;
}
function safeLinkText(p) {
  try {
    const t = readlinkSync(p);
    return t.length <= 200 ? JSON.stringify(t) : void 0;
  } catch {
    return void 0;
  }
}

// src/load/render/kustomize.ts
var import_yaml14 = __toESM(require_dist(), 1);
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename as basename2, join as join5, relative as relative7, resolve as resolve6 } from "node:path";
var ORIGIN_ANNOTATION = "config.kubernetes.io/origin";
var TRANSFORMATIONS_ANNOTATION = "alpha.config.kubernetes.io/transformations";
var KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
var FIRST_LINE2 = { line: 1, column: 1, endLine: 1, endColumn: 1 };
function kustomizeArgs(binary, dir) {
  return /kubectl/i.test(basename2(binary)) ? ["kustomize", "--", dir] : ["build", "--", dir];
}
function renderOverlay(overlayDir, binary, run, cwd, readAny) {
  const root2 = repositoryOf(overlayDir, cwd);
  const read2 = readerWithin(readAny, root2);
  const shown2 = displayPathOf(overlayDir, cwd);
  const kustomization = KUSTOMIZATION_FILES.map((f) => join5(overlayDir, f)).find((f) => read2(f) !== void 0) ?? join5(overlayDir, "kustomization.yaml");
  const displayPath = `${shown2} (kustomize build)`;
  const escape2 = overlayEscape(overlayDir, root2, read2);
  if (escape2) {
    const message = `not built: ${escape2.why}; meshlint builds only overlays whose files all lie inside the repository`;
    const at2 = { filePath: displayPathOf(escape2.file, cwd), range: escape2.range ?? FIRST_LINE2, note: void 0 };
    return { displayPath, absPath: void 0, text: "", origin: { tool: "kustomize", source: shown2, label: void 0, namespace: void 0, failure: message, mapBack: () => at2 } };
  }
  const wrapper = mkdtempSync(join5(tmpdir(), "meshlint-kustomize-"));
  const target = relative7(wrapper, overlayDir).split("\\").join("/");
  let result;
  try {
    writeFileSync(
      join5(wrapper, "kustomization.yaml"),
      `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
- ${JSON.stringify(target)}
buildMetadata: [originAnnotations, transformerAnnotations]
`
    );
    result = run(binary, kustomizeArgs(binary, wrapper), cwd);
  } finally {
    rmSync(wrapper, { recursive: true, force: true });
  }
  const atKustomization = (note, range = FIRST_LINE2) => ({ filePath: displayPathOf(kustomization, cwd), range, note });
  const fromWrapper = (p) => displayPathOf(resolve6(wrapper, p), cwd);
  if (!result.ok) {
    const message = failureText(result.stderr.split(wrapper).join(".").replace(/(?:\.\.\/)+[^\s'":]+/g, (p) => fromWrapper(p)), cwd) || "the build exited with an error and printed nothing";
    const at2 = failedEntry(read2(kustomization) ?? "", message);
    return { displayPath, absPath: void 0, text: "", origin: { tool: "kustomize", source: shown2, label: void 0, namespace: void 0, failure: message, mapBack: () => atKustomization(void 0, at2) } };
  }
  const sources = new SourceDocuments(read2, cwd);
  const mapBack = (at2) => {
    const r7 = at2.resource;
    if (!r7) return atKustomization("(in the built output; not traced to a source file)");
    const annotations2 = r7.object.metadata?.annotations ?? {};
    const origin = parseAnnotation(annotations2[ORIGIN_ANNOTATION]);
    const transformations = transformationsOf(annotations2[TRANSFORMATIONS_ANNOTATION]).map((t) => ({ ...t, configuredIn: resolve6(wrapper, t.configuredIn) }));
    const path = at2.docPath ? at2.docPath.slice(r7.basePath.length) : [];
    if (typeof origin?.configuredIn === "string") {
      const file2 = resolve6(wrapper, origin.configuredIn);
      const kind = typeof origin.configuredBy?.kind === "string" ? origin.configuredBy.kind : "a generator";
      const key = /ConfigMap/.test(kind) ? "configMapGenerator" : /Secret/.test(kind) ? "secretGenerator" : void 0;
      return sources.keyOrFirstLine(file2, key ? [key] : [], `(generated by ${kind} in this kustomization)`);
    }
    if (typeof origin?.path !== "string") return atKustomization("(the resource carries no origin, so its kustomization is shown)");
    const file = resolve6(wrapper, origin.path);
    const renderedValue = valueAt(r7.object, path);
    if (path.length === 2 && path[0] === "metadata" && path[1] === "namespace") {
      const ns2 = [...transformations].reverse().find((t) => t.kind === "NamespaceTransformer");
      if (ns2) return sources.keyOrFirstLine(ns2.configuredIn, ["namespace"], void 0);
    }
    const source = sources.resourceIn(file, r7);
    if (source) {
      const found = sources.position(source, path, renderedValue);
      if (found?.sameValue) return found.at;
      for (const t of [...transformations].reverse().filter((x) => /Patch/.test(x.kind))) {
        const inPatch = sources.inPatches(t.configuredIn, r7, path, renderedValue);
        if (inPatch) return inPatch;
      }
      const changedBy = [...transformations].reverse()[0];
      const where = changedBy ? displayPathOf(changedBy.configuredIn, cwd) : shown2;
      if (found) return { ...found.at, note: `(the build changes this value; see ${where})` };
      const parent = sources.deepestExisting(source, path);
      if (parent) return { ...parent, note: `(the reported key is added during the build; see ${where})` };
    }
    return { filePath: displayPathOf(file, cwd), range: FIRST_LINE2, note: "(the resource could not be found in its source file, so the first line is shown)" };
  };
  return { displayPath, absPath: void 0, text: result.stdout, origin: { tool: "kustomize", source: shown2, label: void 0, namespace: void 0, failure: void 0, mapBack } };
}
function failedEntry(text, message) {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const m = /^(\s*-\s*)(?:path:\s*)?["']?([^"'\s#]+)["']?/.exec(line);
    if (m && message.includes(`'${m[2]}'`)) return { line: i + 1, column: m[1].length + 1, endLine: i + 1, endColumn: line.trimEnd().length + 1 };
  }
  return void 0;
}
function parseAnnotation(v2) {
  if (typeof v2 !== "string") return void 0;
  try {
    return (0, import_yaml14.parse)(v2);
  } catch {
    return void 0;
  }
}
function transformationsOf(v2) {
  const list = parseAnnotation(v2);
  if (!Array.isArray(list)) return [];
  return list.flatMap(
    (t) => typeof t?.configuredIn === "string" && typeof t.configuredBy?.kind === "string" ? [{ configuredIn: t.configuredIn, kind: t.configuredBy.kind }] : []
  );
}
function valueAt(object, path) {
  let v2 = object;
  for (const step of path) {
    if (v2 === null || typeof v2 !== "object") return void 0;
    v2 = v2[step];
  }
  return v2;
}
function sameValue2(a, b) {
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) return true;
  return a === b || a !== void 0 && b !== void 0 && String(a) === String(b);
}
var SourceDocuments = class {
  constructor(read2, cwd) {
    this.read = read2;
    this.cwd = cwd;
  }
  read;
  cwd;
  locator = new Locator();
  files = /* @__PURE__ */ new Map();
  load(abs) {
    if (!this.files.has(abs)) {
      const text = this.read(abs);
      if (text === void 0) this.files.set(abs, void 0);
      else {
        const file = { displayPath: displayPathOf(abs, this.cwd), absPath: abs, text };
        const docs = [...parseFile(file)];
        this.files.set(abs, { file, docs, resources: docs.flatMap((d) => resourcesOf(d, void 0).resources) });
      }
    }
    return this.files.get(abs);
  }
  /** The resource in a source file that became `rendered`: same kind, and the name it had before prefixes and suffixes. */
  resourceIn(abs, rendered) {
    const candidates = (this.load(abs)?.resources ?? []).filter((s) => s.kind === rendered.kind);
    if (candidates.length <= 1) return candidates[0];
    const exact = candidates.filter((s) => s.name === rendered.name);
    if (exact.length === 1) return exact[0];
    const within = candidates.filter((s) => s.name !== "" && rendered.name.includes(s.name)).sort((a, b) => b.name.length - a.name.length);
    return within.length === 1 || within.length > 1 && (within[0]?.name.length ?? 0) > (within[1]?.name.length ?? 0) ? within[0] : void 0;
  }
  position(source, path, rendered) {
    const docPath = [...source.basePath, ...path];
    if (!this.locator.resolve(source.doc, docPath).complete) return void 0;
    return { at: this.at(source, docPath), sameValue: sameValue2(valueAt(source.object, path), rendered) };
  }
  deepestExisting(source, path) {
    const docPath = [...source.basePath, ...path];
    const depth = this.locator.resolve(source.doc, docPath).depth;
    const keep = Math.min(depth, docPath.length - 1);
    return keep > source.basePath.length ? this.at(source, docPath.slice(0, keep)) : void 0;
  }
  /** The reported path in one of the patch files a kustomization lists, with the rendered value. */
  inPatches(kustomizationFile, rendered, path, value) {
    const data = this.load(kustomizationFile)?.docs[0]?.value;
    if (!data || typeof data !== "object") return void 0;
    const entries = [
      ...Array.isArray(data.patches) ? data.patches : [],
      ...Array.isArray(data.patchesStrategicMerge) ? data.patchesStrategicMerge : []
    ];
    const dir = resolve6(kustomizationFile, "..");
    for (const e of entries) {
      const rel = typeof e === "string" ? e : typeof e?.path === "string" ? e.path : void 0;
      if (!rel || rel.includes("\n")) continue;
      const patchFile = this.load(resolve6(dir, rel));
      for (const p of patchFile?.resources ?? []) {
        if (p.kind !== rendered.kind) continue;
        const found = this.position(p, path, value);
        if (found?.sameValue) return found.at;
      }
    }
    return void 0;
  }
  keyOrFirstLine(abs, path, note) {
    const loaded = this.load(abs);
    const filePath = displayPathOf(abs, this.cwd);
    const doc = loaded?.docs[0];
    if (!loaded || !doc || path.length === 0 || !this.locator.resolve(doc, path).complete) return { filePath, range: FIRST_LINE2, note };
    return { filePath, range: this.range(loaded.file, this.locator.offsets(doc, path)), note };
  }
  at(source, docPath) {
    return { filePath: source.doc.file.displayPath, range: this.range(source.doc.file, this.locator.offsets(source.doc, docPath)), note: void 0 };
  }
  range(file, offsets) {
    const s = this.locator.position(file, offsets[0]);
    const e = this.locator.position(file, offsets[1]);
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
};
var MAX_KUSTOMIZATIONS = 2e3;
var PATH_LISTS = ["resources", "bases", "components", "crds", "configurations", "generators", "transformers", "validators", "patchesStrategicMerge"];
var PATH_OBJECTS = ["patches", "patchesJson6902", "replacements"];
function isRemote(entry) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || /^git@/.test(entry) || /^(github\.com|gitlab\.com|bitbucket\.org)\//.test(entry) || entry.includes("?ref=");
}
function overlayEscape(overlayDir, root2, read2) {
  const realRoot = realPath(root2) ?? root2;
  const outside2 = (p) => {
    if (!isInside(root2, p)) return true;
    const real = realPath(p);
    return real !== void 0 && !isInside(realRoot, real);
  };
  const seen = /* @__PURE__ */ new Set();
  const pending = [overlayDir];
  while (pending.length > 0) {
    const dir = pending.pop();
    if (seen.has(dir)) continue;
    seen.add(dir);
    if (seen.size > MAX_KUSTOMIZATIONS) return { file: join5(overlayDir, KUSTOMIZATION_FILES[0]), range: void 0, why: `the overlay uses more than ${MAX_KUSTOMIZATIONS} kustomizations` };
    if (outside2(dir)) return { file: dir, range: void 0, why: `${dir} lies outside the repository` };
    const file = KUSTOMIZATION_FILES.map((f) => join5(dir, f)).find((f) => read2(f) !== void 0);
    if (file === void 0) continue;
    const text = read2(file);
    let data;
    try {
      data = (0, import_yaml14.parse)(text, { maxAliasCount: 100 });
    } catch {
      continue;
    }
    if (outside2(file)) return { file, range: void 0, why: "the kustomization is a link that leads outside the repository" };
    for (const entry of localEntries(data)) {
      const target = resolve6(dir, entry);
      if (outside2(target)) return { file, range: entryRange(text, entry), why: `${JSON.stringify(entry.length > 200 ? `${entry.slice(0, 200)}\u2026` : entry)} leads outside the repository` };
      if (KUSTOMIZATION_FILES.some((f) => read2(join5(target, f)) !== void 0)) pending.push(target);
    }
  }
  return void 0;
}
function localEntries(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [];
  const k2 = data;
  const out = [];
  const add = (v2) => {
    if (typeof v2 === "string" && v2 !== "" && !v2.includes("\n") && !isRemote(v2)) out.push(v2);
  };
  for (const key of PATH_LISTS) if (Array.isArray(k2[key])) for (const v2 of k2[key]) add(v2);
  for (const key of PATH_OBJECTS) if (Array.isArray(k2[key])) for (const v2 of k2[key]) add(v2?.path);
  for (const key of ["configMapGenerator", "secretGenerator"]) {
    if (!Array.isArray(k2[key])) continue;
    for (const g of k2[key]) {
      if (g === null || typeof g !== "object") continue;
      const gen = g;
      if (Array.isArray(gen.files)) {
        for (const f of gen.files) if (typeof f === "string") add(f.includes("=") ? f.slice(f.indexOf("=") + 1) : f);
      }
      if (Array.isArray(gen.envs)) for (const f of gen.envs) add(f);
      add(gen.env);
    }
  }
  add(k2.openapi?.path);
  return out;
}
function entryRange(text, entry) {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    const at2 = line.indexOf(entry);
    if (at2 >= 0) return { line: i + 1, column: at2 + 1, endLine: i + 1, endColumn: at2 + entry.length + 1 };
  }
  return void 0;
}

// src/load/render/process.ts
import { accessSync, constants as constants2, mkdirSync, mkdtempSync as mkdtempSync2, rmSync as rmSync2, statSync as statSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { tmpdir as tmpdir2 } from "node:os";
import { delimiter, isAbsolute as isAbsolute6, join as join6, resolve as resolve7 } from "node:path";
var TIME_LIMIT_MS = 5 * 6e4;
var MAX_OUTPUT = 1024 * 1024 * 1024;
var NO_NETWORK = "http://127.0.0.1:9";
var RendererMissing = class extends Error {
};
var PASSED_THROUGH = ["PATH", "Path", "PATHEXT", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ", "TMPDIR", "TMP", "TEMP", "SystemRoot", "SYSTEMROOT", "windir"];
function confinedEnv(env, home) {
  const out = {};
  for (const k2 of PASSED_THROUGH) if (env[k2] !== void 0) out[k2] = env[k2];
  const dir = (name) => join6(home, name);
  Object.assign(out, {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: dir("config"),
    XDG_CACHE_HOME: dir("cache"),
    XDG_DATA_HOME: dir("data"),
    XDG_STATE_HOME: dir("state"),
    HELM_CONFIG_HOME: dir("helm-config"),
    HELM_CACHE_HOME: dir("helm-cache"),
    HELM_DATA_HOME: dir("helm-data"),
    HELM_PLUGINS: dir("helm-plugins"),
    KUSTOMIZE_PLUGIN_HOME: dir("kustomize-plugins"),
    KUBECONFIG: dir("kubeconfig"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: dir("gitconfig"),
    GIT_ALLOW_PROTOCOL: "none",
    GIT_TERMINAL_PROMPT: "0"
  });
  for (const k2 of ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"]) out[k2] = NO_NETWORK;
  return out;
}
function confinedRunner(env) {
  let home;
  let childEnv;
  const run = (binary, args, cwd) => {
    if (!home || !childEnv) {
      home = mkdtempSync2(join6(tmpdir2(), "meshlint-home-"));
      childEnv = confinedEnv(env, home);
      writeFileSync2(join6(home, "kubeconfig"), "");
      writeFileSync2(join6(home, "gitconfig"), "");
      for (const d of ["config", "cache", "data", "state", "helm-config", "helm-cache", "helm-data", "helm-plugins", "kustomize-plugins"]) mkdirSync(join6(home, d));
    }
    const r7 = spawnSync(binary, args, { cwd, env: childEnv, encoding: "utf8", maxBuffer: MAX_OUTPUT, timeout: TIME_LIMIT_MS, shell: false, stdio: ["ignore", "pipe", "pipe"] });
    if (r7.error) {
      const code = r7.error.code;
      if (code === "ETIMEDOUT") return { ok: false, stdout: "", stderr: `${binary} did not finish within ${TIME_LIMIT_MS / 6e4} minutes` };
      if (code === "ENOBUFS") return { ok: false, stdout: "", stderr: `${binary} printed more than ${MAX_OUTPUT / 2 ** 20} MB` };
      throw new RendererMissing(`cannot run ${binary}: ${code ?? r7.error.message}`);
    }
    return { ok: r7.status === 0, stdout: r7.stdout ?? "", stderr: r7.stderr ?? "" };
  };
  const close = () => {
    if (home) rmSync2(home, { recursive: true, force: true });
    home = void 0;
    childEnv = void 0;
  };
  return { run, close };
}
function isExecutable(p) {
  try {
    accessSync(p, constants2.X_OK);
    return statSync2(p).isFile();
  } catch {
    return false;
  }
}
function findOnPath(names, env) {
  const dirs = (env.PATH ?? env.Path ?? "").split(delimiter).filter((d) => d !== "" && isAbsolute6(d));
  const exts = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const name of names) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const p = join6(dir, name + ext);
        if (isExecutable(p)) return p;
      }
    }
  }
  return void 0;
}
function namedBinary(name, from, env, cwd) {
  const isPath = name.includes("/") || name.includes("\\") || isAbsolute6(name);
  if (!isPath) return findOnPath([name], env);
  if (!isAbsolute6(name) && from.startsWith("MESHLINT_")) return void 0;
  const p = resolve7(cwd, name);
  return isExecutable(p) ? p : void 0;
}

// src/load/render/index.ts
var RenderUsageError = class extends Error {
};
var DEFAULT_RELEASE = "release-name";
function isChartDir(dir) {
  return existsSync5(join7(dir, "Chart.yaml"));
}
function isOverlayDir(dir) {
  return KUSTOMIZATION_FILES.some((f) => existsSync5(join7(dir, f)));
}
function chartRenders(chartDir, req, config, cwd) {
  const fromConfig = config.helm.charts.find((c) => c.path === chartDir);
  const cli = req && req.charts.length > 0 ? req : void 0;
  const fromCli = (s) => resolve8(cwd, s);
  const values = cli && cli.values.length > 0 ? cli.values.map(fromCli) : fromConfig?.values ?? [];
  const sets = cli && cli.valuesSets.length > 0 ? cli.valuesSets.map((g) => g.split(",").map((p) => p.trim()).filter(Boolean).map(fromCli)) : fromConfig && fromConfig.valuesSets.length > 0 ? fromConfig.valuesSets : [[]];
  for (const f of [...values, ...sets.flat()]) {
    if (!existsSync5(f) || !statSync3(f).isFile()) throw new RenderUsageError(`values file ${displayPathOf(f, cwd)} not found (for the chart ${displayPathOf(chartDir, cwd)})`);
    const fromRepo = !(cli && (cli.values.length > 0 || cli.valuesSets.length > 0));
    if (fromRepo && config.filePath && escapesThroughLink(configRoot(config.filePath), f)) {
      throw new RenderUsageError(`values file ${displayPathOf(f, cwd)} is a symbolic link that leads outside the repository; meshlint does not follow it (for the chart ${displayPathOf(chartDir, cwd)})`);
    }
  }
  const release = cli?.release ?? fromConfig?.release ?? DEFAULT_RELEASE;
  if (!isHelmReleaseName(release)) throw new RenderUsageError(`--release ${release}: not a Helm release name (lowercase letters, digits, "-" and ".", at most ${HELM_RELEASE_MAX} characters)`);
  const label = (set) => sets.length < 2 ? void 0 : set.length === 0 ? "default values" : `values ${set.map((f) => relativeTo(chartDir, f, cwd)).join("+")}`;
  return sets.map((set) => ({
    chartDir,
    release,
    namespace: cli?.namespace ?? fromConfig?.namespace ?? config.defaultNamespace,
    values: [...values, ...set],
    set: cli && cli.set.length > 0 ? cli.set : fromConfig?.set ?? [],
    kubeVersion: cli?.kubeVersion ?? fromConfig?.kubeVersion,
    apiVersions: cli && cli.apiVersions.length > 0 ? cli.apiVersions : fromConfig?.apiVersions ?? [],
    label: label(set)
  }));
}
function relativeTo(chartDir, file, cwd) {
  const rel = relative8(chartDir, file);
  return rel.startsWith("..") ? displayPathOf(file, cwd) : rel.split("\\").join("/");
}
function renderAll(jobs, config, req, cwd, env, run) {
  if (run) return renderWith(jobs, config, req, cwd, env, run);
  const confined = confinedRunner(env);
  try {
    return renderWith(jobs, config, req, cwd, env, confined.run);
  } finally {
    confined.close();
  }
}
function renderWith(jobs, config, req, cwd, env, run) {
  const read2 = cachedReader();
  const worlds = [[]];
  const context = [[]];
  if (jobs.charts.length > 0) {
    const helm = rendererBinary(HELM, req?.helmBinary, env, cwd);
    const rendered = jobs.charts.map((renders) => renders.map((r7) => renderChart(r7, helm, run, cwd, read2)));
    const n = Math.max(...rendered.map((r7) => r7.length));
    for (let i = 0; i < n; i++) {
      worlds[i] ??= [];
      context[i] ??= [];
      for (const renders of rendered) {
        const own = renders[i];
        if (own) worlds[i]?.push(own);
        else context[i]?.push(renders[renders.length - 1]);
      }
    }
  }
  if (jobs.overlays.length > 0) {
    const kustomize = rendererBinary(KUSTOMIZE, req?.kustomizeBinary, env, cwd);
    const built = jobs.overlays.map((o) => renderOverlay(o, kustomize, run, cwd, read2));
    worlds[0]?.push(...built);
    for (let i = 1; i < worlds.length; i++) context[i]?.push(...built);
  }
  return { worlds, context };
}
var HELM = {
  flag: "--helm-binary",
  variable: "MESHLINT_HELM",
  names: ["helm"],
  missing: "rendering a chart needs the helm binary (Helm 3 or 4), and none is on PATH. Install Helm (https://helm.sh/docs/intro/install/), or name it with --helm-binary PATH or MESHLINT_HELM; meshlint never downloads it"
};
var KUSTOMIZE = {
  flag: "--kustomize-binary",
  variable: "MESHLINT_KUSTOMIZE",
  names: ["kustomize", "kubectl"],
  missing: "building an overlay needs kustomize or kubectl (which includes it), and neither is on PATH. Install kubectl or kustomize, or name one with --kustomize-binary PATH or MESHLINT_KUSTOMIZE; meshlint never downloads it"
};
function rendererBinary(r7, flagValue, env, cwd) {
  const fromEnv = env[r7.variable]?.trim() || void 0;
  const [named, from] = flagValue !== void 0 ? [flagValue, r7.flag] : fromEnv !== void 0 ? [fromEnv, r7.variable] : [void 0, r7.flag];
  if (named !== void 0) {
    const found2 = namedBinary(named, from, env, cwd);
    if (found2) return found2;
    const absolute = from === r7.variable && /[/\\]/.test(named) ? " (from the environment, a path must be absolute)" : "";
    throw new RendererMissing(`${from === r7.variable ? `${from}=` : `${from} `}${named}: no such executable${absolute}`);
  }
  const found = findOnPath(r7.names, env);
  if (!found) throw new RendererMissing(r7.missing);
  return found;
}

// src/load/rule-docs.ts
import { existsSync as existsSync6, readFileSync as readFileSync2 } from "node:fs";
import { dirname as dirname7, join as join8 } from "node:path";
import { fileURLToPath } from "node:url";
var root;
function packageRoot() {
  if (root !== void 0) return root ?? void 0;
  for (let d = dirname7(fileURLToPath(import.meta.url)); ; d = dirname7(d)) {
    const pkg = join8(d, "package.json");
    if (existsSync6(pkg)) {
      try {
        if (JSON.parse(readFileSync2(pkg, "utf8")).name === "meshlint") {
          root = d;
          return d;
        }
      } catch {
      }
    }
    if (dirname7(d) === d) {
      root = null;
      return void 0;
    }
  }
}
function readRuleDocs(ids) {
  const out = /* @__PURE__ */ new Map();
  const base = packageRoot();
  if (!base) return out;
  for (const id of ids) {
    try {
      out.set(id, readFileSync2(join8(base, "rules", `${id}.md`), "utf8"));
    } catch {
    }
  }
  return out;
}

// src/parse/pool.ts
import { availableParallelism } from "node:os";

// src/parse/document-cache.ts
function rebase(doc, file, index, delta) {
  if (delta === 0 && doc.file === file && doc.index === index) return doc;
  const at2 = (o) => ({ ...o, offset: o.offset + delta, endOffset: o.endOffset + delta });
  return {
    ...doc,
    file,
    index,
    startOffset: doc.startOffset + delta,
    endOffset: doc.endOffset + delta,
    syntaxErrors: doc.syntaxErrors.map((e) => at2(e)),
    duplicateKeys: doc.duplicateKeys.map((d) => ({ ...d, first: at2(d.first), last: at2(d.last) }))
  };
}

// src/parse/pool.ts
var POOL_MIN_BYTES = 4e6;
var LARGE_FILE_BYTES = 16e6;
var TASK_BYTES = 256e3;
var IN_FLIGHT_BYTES = 8e6;
var WORKER_ROLE = "meshlint-parse";
var START_MS = 5e3;
var STALL_MS = 3e4;
var UNCLAIMED = 0;
var BY_MAIN = 2;
var STARTING = 0;
var GONE = 2;
function planTasks(files) {
  const tasks = [];
  let pieces = [];
  let bytes = 0;
  for (const file of files) {
    let run = [];
    const endPiece = () => {
      const first = run[0];
      const last = run[run.length - 1];
      if (first && last) pieces.push({ file, start: first.start, end: last.end, groups: run });
      run = [];
    };
    for (const g of groupsOf(file.text)) {
      run.push(g);
      bytes += g.end - g.start;
      if (bytes >= TASK_BYTES) {
        endPiece();
        tasks.push({ id: tasks.length, pieces, bytes });
        pieces = [];
        bytes = 0;
      }
    }
    endPiece();
  }
  if (pieces.length) tasks.push({ id: tasks.length, pieces, bytes });
  return tasks;
}
var ParsePool = class _ParsePool {
  lanes;
  /** [0]: bumped on every reply or status change; [1 + lane]: that lane's status. */
  signal;
  tasks;
  /** Tasks of each file, in order. */
  tasksOf = /* @__PURE__ */ new Map();
  /** Per task, the documents of each of its pieces (file offsets); and how many pieces are still to be taken. */
  done = /* @__PURE__ */ new Map();
  untaken = /* @__PURE__ */ new Map();
  laneOf = /* @__PURE__ */ new Map();
  /** Per task: UNCLAIMED, BY_WORKER or BY_MAIN, shared with the workers. */
  claims;
  started = Date.now();
  next = 0;
  inFlight = 0;
  closed = false;
  /**
   * A pool for these inputs: `auto` uses every core (at most 4) for inputs of POOL_MIN_BYTES
   * or more, unless one file is LARGE_FILE_BYTES or more (one thread with paced collections
   * keeps such a run's peak memory lower); a number uses that many threads (this one
   * included) whatever the size. Undefined when threads would not help: parse in the lint
   * pass itself. `workerUrl` is a script that calls serveParses() when isParseWorker() (the
   * bundled CLI itself).
   */
  static forInputs(files, threads, workerUrl) {
    if (threads === "auto") {
      const bytes = files.reduce((n, f) => n + f.text.length, 0);
      if (bytes < POOL_MIN_BYTES || files.some((f) => f.text.length >= LARGE_FILE_BYTES)) return void 0;
      threads = Math.min(availableParallelism(), 4);
    }
    if (threads < 2 || files.length === 0) return void 0;
    return new _ParsePool(files, workerUrl, threads - 1);
  }
  constructor(files, workerUrl, threads) {
    this.tasks = planTasks(files);
    for (const t of this.tasks) {
      this.untaken.set(t.id, t.pieces.length);
      for (const p of t.pieces) {
        const list = this.tasksOf.get(p.file);
        if (!list) this.tasksOf.set(p.file, [t]);
        else if (list[list.length - 1] !== t) list.push(t);
      }
    }
    this.signal = new Int32Array(new SharedArrayBuffer(4 * (1 + threads)));
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, this.tasks.length)));
    this.lanes = Array.from({ length: threads }, (_2, index) => {
      const { MessageChannel, Worker } = workerThreads();
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerUrl, {
        argv: [WORKER_ROLE],
        workerData: { role: WORKER_ROLE, port: port2, signal: this.signal, claims: this.claims, lane: index },
        transferList: [port2],
        // Parsing allocates many short-lived objects: a larger young generation means fewer collections.
        resourceLimits: { maxYoungGenerationSizeMb: 64 }
      });
      const gone = () => {
        Atomics.store(this.signal, 1 + index, GONE);
      };
      worker.on("error", gone);
      worker.on("exit", gone);
      worker.unref();
      port1.unref();
      return { index, worker, port: port1, pending: 0 };
    });
    this.dispatch();
  }
  /** The documents of a file, as parseFile gives them: from the workers, task by task. */
  documentsOf = (file) => {
    const tasks = this.tasksOf.get(file);
    if (!tasks || this.closed) return parseFile(file);
    this.tasksOf.delete(file);
    return this.take(file, tasks);
  };
  /** Stops the workers. */
  close() {
    this.closed = true;
    for (const lane of this.lanes) {
      lane.port.close();
      void lane.worker.terminate();
    }
  }
  *take(file, tasks) {
    let index = 0;
    for (const task of tasks) {
      const docs = this.await(task);
      for (const [i, p] of task.pieces.entries()) {
        if (p.file !== file) continue;
        for (const d of docs[i] ?? []) yield d.index === index ? (index++, d) : rebase(d, file, index++, 0);
        this.taken(task);
      }
    }
  }
  /** A piece was taken; a task whose pieces all were is dropped and makes room for the next. */
  taken(task) {
    const left = (this.untaken.get(task.id) ?? 1) - 1;
    this.untaken.set(task.id, left);
    if (left > 0) return;
    this.done.delete(task.id);
    this.inFlight -= task.bytes;
    this.dispatch();
  }
  dispatch(upTo = -1) {
    while (this.next < this.tasks.length && (this.inFlight < IN_FLIGHT_BYTES || this.next <= upTo)) {
      const task = this.tasks[this.next++];
      this.inFlight += task.bytes;
      const live = this.lanes.filter((l) => Atomics.load(this.signal, 1 + l.index) !== GONE);
      const lane = live.reduce((a, b) => !a || b.pending < a.pending ? b : a, void 0);
      if (!lane) continue;
      lane.pending++;
      this.laneOf.set(task.id, lane);
      const req = {
        id: task.id,
        pieces: task.pieces.map((p) => ({ text: p.file.text.slice(p.start, p.end), groups: p.groups.map((g) => ({ ...g, start: g.start - p.start, end: g.end - p.start })) }))
      };
      lane.port.postMessage(req);
    }
  }
  await(task) {
    if (task.id >= this.next) this.dispatch(task.id);
    const since2 = Date.now();
    for (; ; ) {
      const have = this.done.get(task.id);
      if (have) return have;
      const seen = Atomics.load(this.signal, 0);
      if (this.drain()) continue;
      if (this.claim(task)) return this.parseHere(task);
      if (this.abandoned(task, since2)) return this.parseHere(task);
      const ahead = this.furthestUnclaimed(task.id);
      if (ahead) {
        this.parseHere(ahead);
        continue;
      }
      Atomics.wait(this.signal, 0, seen, 50);
    }
  }
  claim(task) {
    return Atomics.compareExchange(this.claims, task.id, UNCLAIMED, BY_MAIN) === UNCLAIMED;
  }
  /** The last task sent after `after` that no one has started, claimed for this thread. */
  furthestUnclaimed(after) {
    for (let id = this.next - 1; id > after; id--) {
      const t = this.tasks[id];
      if (!this.done.has(id) && Atomics.load(this.claims, id) === UNCLAIMED && this.claim(t)) return t;
    }
    return void 0;
  }
  /** True when the task's worker is gone, never started, or stalled: this thread parses it. */
  abandoned(task, since2) {
    const lane = this.laneOf.get(task.id);
    const status = lane ? Atomics.load(this.signal, 1 + lane.index) : GONE;
    if (status === GONE) return true;
    if (status === STARTING && Date.now() - this.started > START_MS) return true;
    return Date.now() - since2 > STALL_MS;
  }
  /** Parses a task claimed by this thread, and keeps its documents until the lint pass takes them. */
  parseHere(task) {
    const docs = task.pieces.map((p) => p.groups.flatMap((g) => parseGroup(p.file, g)));
    this.done.set(task.id, docs);
    return docs;
  }
  /** Takes every reply that has arrived; false when there was none. */
  drain() {
    let any = false;
    const { receiveMessageOnPort } = workerThreads();
    for (const lane of this.lanes) {
      for (let m = receiveMessageOnPort(lane.port); m; m = receiveMessageOnPort(lane.port)) {
        const reply = m.message;
        lane.pending--;
        any = true;
        const task = this.tasks[reply.id];
        if (!task || "skipped" in reply || this.done.has(reply.id) || this.untaken.get(reply.id) === 0) continue;
        if ("error" in reply) {
          this.parseHere(task);
          continue;
        }
        const docs = typeof reply.docs === "string" ? JSON.parse(reply.docs) : reply.docs;
        this.done.set(
          reply.id,
          task.pieces.map((p, i) => (docs[i] ?? []).map((d) => rebase({ ...d, file: p.file }, p.file, d.index, p.start)))
        );
      }
    }
    return any;
  }
};

// src/cli.ts
var OPTIONS = {
  config: { type: "string", short: "c" },
  format: { type: "string", short: "f" },
  "output-file": { type: "string", short: "o" },
  rule: { type: "string", multiple: true },
  namespace: { type: "string", short: "n" },
  "istio-version": { type: "string" },
  "max-warnings": { type: "string" },
  quiet: { type: "boolean", short: "q" },
  fix: { type: "boolean" },
  "fix-dry-run": { type: "boolean" },
  "ignore-pattern": { type: "string", multiple: true },
  "no-gitignore": { type: "boolean" },
  "stdin-filename": { type: "string" },
  "report-unused-disable-directives": { type: "boolean" },
  "print-config": { type: "string" },
  stats: { type: "boolean" },
  concurrency: { type: "string" },
  context: { type: "string", multiple: true },
  "render-charts": { type: "boolean" },
  "helm-chart": { type: "string", multiple: true },
  values: { type: "string", multiple: true },
  "values-set": { type: "string", multiple: true },
  set: { type: "string", multiple: true },
  release: { type: "string" },
  "kube-version": { type: "string" },
  "api-versions": { type: "string", multiple: true },
  "helm-binary": { type: "string" },
  kustomize: { type: "string", multiple: true },
  "kustomize-binary": { type: "string" },
  resource: { type: "string" },
  color: { type: "boolean" },
  "no-color": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" }
};
var UsageError = class extends Error {
};
function fail(io, message) {
  io.stderr(`${TOOL_NAME}: ${safeLines(message)}
`);
  return 2;
}
function lintFromArgs(argv, io) {
  return guarded(io, () => {
    const { values: v2, positionals } = parse(argv);
    return lintParsed(v2, positionals, configFor(v2, io), io);
  });
}
function guarded(io, fn2) {
  try {
    return fn2();
  } catch (e) {
    if (e instanceof ConfigError) return fail(io, `configuration error: ${safeText(configErrorText(e, io.cwd))}`);
    if (e instanceof UsageError) return fail(io, safeText(e.message));
    if (e instanceof RenderUsageError || e instanceof RendererMissing) return fail(io, safeText(e.message));
    const err = e;
    if (err.code && err.syscall) {
      const where = err.path ? displayPathOf(err.path, io.cwd) : "a file";
      return fail(io, safeText(`cannot ${err.syscall} ${where}: ${describeFsError(err)}; check the path and its permissions`));
    }
    throw e;
  }
}
function parse(argv) {
  const args = argv.map((a, i) => argv[i - 1] === "--max-warnings" && /^-\d+$/.test(a) ? `--max-warnings=${a}` : a);
  const joined = args.filter((a, i) => !(a === "--max-warnings" && args[i + 1]?.startsWith("--max-warnings=")));
  try {
    return parseArgs({ args: joined, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${argsErrorText(e)}. Run "meshlint --help" for usage.`);
  }
}
function argsErrorText(e) {
  const msg = e.message.replace(/\. To specify a positional argument.*$/s, "");
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(msg);
  if (missing) return `${missing[1]} needs a value`;
  const extra = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(msg);
  if (extra) return `${extra[1]} takes no value`;
  const unknown = /^Unknown option '(--?[^']*)'/.exec(msg);
  if (unknown?.[1]?.startsWith("--")) {
    const flag = unknown[1].replace(/^--/, "");
    return `unknown option '${unknown[1]}'${suggestKey(flag, Object.keys(OPTIONS)).replace(/"([^"]+)"/, "--$1")}`;
  }
  return msg.replace(/^Unknown option/, "unknown option");
}
function configErrorText(e, cwd) {
  if (e.file === void 0 || !isAbsolute7(e.file)) return e.message;
  return `${displayPathOf(e.file, cwd)}: ${e.key ? `${e.key}: ` : ""}${e.problem}`;
}
function configFor(v2, io) {
  return withOverrides(loadConfig(v2.config, io.cwd), { rules: v2.rule ?? [], namespace: v2.namespace, istioVersion: v2["istio-version"] }, rulesById);
}
var PACE_CHECK_BYTES = 1e6;
var GARBAGE_FACTOR = 0.25;
var GARBAGE_BYTES = 48e6;
function pacedCollection(files, inner) {
  if (!files.some((f) => f.text.length >= LARGE_FILE_BYTES)) return inner;
  const collect = garbageCollector();
  if (!collect) return inner;
  collect();
  let live = getHeapStatistics().used_heap_size;
  let since2 = 0;
  return function* paced(file) {
    for (const doc of (inner ?? parseFile)(file)) {
      since2 += doc.endOffset - doc.startOffset;
      if (since2 >= PACE_CHECK_BYTES) {
        since2 = 0;
        if (getHeapStatistics().used_heap_size > live * (1 + GARBAGE_FACTOR) + GARBAGE_BYTES) {
          collect();
          live = getHeapStatistics().used_heap_size;
        }
      }
      yield doc;
    }
  };
}
function concurrencyOf(value) {
  if (value === void 0 || value === "auto") return "auto";
  if (value === "off") return 1;
  if (/^[1-9][0-9]*$/.test(value) && Number(value) <= 64) return Number(value);
  throw new UsageError(`--concurrency must be auto, off or a number of threads from 1 to 64 (got "${value}")`);
}
function lintParsed(v2, positionals, config, io) {
  const threads = concurrencyOf(v2.concurrency);
  const gathered = gatherInputs(positionals, v2, config, io);
  if (typeof gathered === "number") return gathered;
  const { inputs, rendered, context, skipped } = gathered;
  const worlds = rendered.worlds.map((world, i) => i === 0 ? [...inputs, ...world.map(asInput)] : world.map(asInput));
  const files = worlds.flat().flatMap((i) => i.ok ? [i.file] : []);
  const pool = io.parseWorker ? ParsePool.forInputs(files, threads, io.parseWorker) : void 0;
  const documentsOf = pacedCollection(files, pool?.documentsOf);
  let report;
  try {
    report = mergeReports(
      worlds.map(
        (world, i) => lint(world, {
          config,
          rules: allRules,
          cliIstioVersion: v2["istio-version"],
          fix: i === 0 && Boolean(v2.fix || v2["fix-dry-run"]),
          reportUnusedDisableDirectives: v2["report-unused-disable-directives"],
          context: [...context, ...i === 0 ? [] : inputs, ...(rendered.context[i] ?? []).map(asInput)],
          ...documentsOf ? { documentsOf } : {}
        })
      )
    );
  } finally {
    pool?.close();
  }
  let results = report.results;
  if (v2.fix || v2["fix-dry-run"]) results = applyFixes(results, inputs, Boolean(v2.fix), (v2.format ?? "stylish") === "stylish", io);
  if (v2.quiet) results = results.map(errorsOnly);
  return { results, report, config, skipped };
}
var asInput = (file) => ({ ok: true, file: { ...file, bom: false } });
var CHART_ONLY_FLAGS = ["values", "values-set", "set", "release", "kube-version", "api-versions"];
function gatherInputs(positionals, v2, config, io) {
  const useStdin = positionals.includes("-");
  const paths = positionals.filter((p) => p !== "-");
  if (useStdin && v2.fix) throw new UsageError("--fix cannot write to standard input; use --fix-dry-run to see the fixes");
  const req = renderRequest(v2);
  const charts = req.charts.map((c) => resolve9(io.cwd, c));
  const overlays = req.overlays.map((o) => resolve9(io.cwd, o));
  for (const [i, c] of charts.entries()) {
    if (!isChartDir(c)) throw new UsageError(`--helm-chart ${req.charts[i]}: no Chart.yaml there; name the chart's directory (the one that holds Chart.yaml)`);
  }
  for (const [i, o] of overlays.entries()) {
    if (!isOverlayDir(o)) throw new UsageError(`--kustomize ${req.overlays[i]}: no kustomization.yaml there; name the overlay's directory`);
  }
  if (charts.length === 0) {
    const stray = CHART_ONLY_FLAGS.find((f) => v2[f] !== void 0);
    if (stray) throw new UsageError(`--${stray} goes with --helm-chart DIR (the chart to render)`);
  }
  const ignoreBase = config.filePath ? dirname8(config.filePath) : io.cwd;
  const inputs = [];
  const skipped = [];
  const chartJobs = [];
  if (useStdin) {
    const name = v2["stdin-filename"] ?? "<stdin>";
    inputs.push(decodeSource(readStdin(io), name, void 0));
  }
  const walkPaths = paths.length > 0 || !useStdin && charts.length === 0 && overlays.length === 0;
  if (walkPaths) {
    const found = discover({
      cwd: io.cwd,
      patterns: paths,
      ignorePatterns: [...config.ignorePatterns, ...v2["ignore-pattern"] ?? []],
      ignoreBase,
      useGitignore: !v2["no-gitignore"]
    });
    if (found.unmatched.length > 0) {
      return fail(io, `no such file, directory or matching files: ${found.unmatched.map((u) => JSON.stringify(u)).join(", ")}. Check the path, or quote a glob pattern so the shell does not expand it.`);
    }
    for (const s of found.skipped) {
      const shown2 = displayPathOf(s.path, io.cwd);
      if (s.kind === "unreadable-directory") inputs.push({ ok: false, displayPath: shown2, absPath: s.path, reason: `${s.reason}; make it readable, or add it to .meshlintignore`, problem: "unreadable" });
      else {
        io.stderr(`${TOOL_NAME}: skipped ${safeText(shown2)}: ${s.reason}
`);
        skipped.push(s);
      }
    }
    skipped.push(...found.ignored);
    const files = [...found.files];
    for (const chart of found.charts.filter((c) => !charts.includes(c))) {
      if (v2["render-charts"] || config.helm.renderCharts || config.helm.charts.some((c) => c.path === chart)) chartJobs.push(chartRenders(chart, void 0, config, io.cwd));
      else {
        const chartYaml = join9(chart, "Chart.yaml");
        const at2 = files.findIndex((f) => f > chartYaml);
        files.splice(at2 === -1 ? files.length : at2, 0, chartYaml);
      }
    }
    const walked = (paths.length > 0 ? paths : ["."]).map((p) => resolve9(io.cwd, p));
    for (const o of config.kustomize.overlays) {
      if (!overlays.includes(o) && walked.some((w) => o === w || o.startsWith(w + sep5))) overlays.push(o);
    }
    if (found.files.length === 0 && found.charts.length === 0 && inputs.length === 0) {
      const where = paths.length ? safeText(paths.join(", ")) : "the current directory";
      return fail(io, `no YAML or JSON files to lint in ${where} (after ignore patterns).`);
    }
    for (const f of files) inputs.push(readSource(f, io.cwd));
  }
  for (const c of charts) chartJobs.push(chartRenders(c, req, config, io.cwd));
  const rendered = renderAll({ charts: chartJobs, overlays }, config, req, io.cwd, io.env);
  for (const renders of chartJobs) {
    if (renders.some((r7) => r7.namespace === void 0)) {
      io.stderr(`${TOOL_NAME}: note: ${safeText(displayPathOf(renders[0]?.chartDir ?? "", io.cwd))} is rendered into Helm's default namespace "default"; pass --namespace NS (or set defaultNamespace) for the namespace you install it in
`);
    }
  }
  for (const f of rendered.worlds.flat()) {
    if (f.origin && f.origin.failure === void 0 && f.text.trim() === "") io.stderr(`${TOOL_NAME}: note: ${safeText(f.displayPath)} produced no documents; nothing from it was linted
`);
  }
  return { inputs, rendered, context: readContext(v2, config, inputs, io), skipped };
}
function readStdin(io) {
  try {
    return io.readStdin();
  } catch (e) {
    throw new UsageError(`cannot read standard input ("-"): ${describeFsError(e)}; pipe a manifest into meshlint, or name files instead of "-"`);
  }
}
function readContext(v2, config, inputs, io) {
  const { files, missing } = discoverContext({
    cwd: io.cwd,
    paths: (v2.context ?? []).map((p) => resolve9(io.cwd, p)),
    config,
    ignorePatterns: v2["ignore-pattern"],
    useGitignore: !v2["no-gitignore"]
  });
  if (missing !== void 0) throw new UsageError(`--context ${missing}: no such file or directory`);
  const linted = new Set(inputs.flatMap((i) => i.ok && i.file.absPath ? [i.file.absPath] : []));
  return files.filter((f) => !linted.has(f)).map((f) => readSource(f, io.cwd));
}
function renderRequest(v2) {
  return {
    charts: v2["helm-chart"] ?? [],
    values: v2.values ?? [],
    valuesSets: v2["values-set"] ?? [],
    set: v2.set ?? [],
    release: v2.release,
    namespace: v2.namespace,
    kubeVersion: v2["kube-version"],
    apiVersions: v2["api-versions"] ?? [],
    helmBinary: v2["helm-binary"],
    overlays: v2.kustomize ?? [],
    kustomizeBinary: v2["kustomize-binary"]
  };
}
function loadConfig(explicit, cwd) {
  const file = explicit ? resolve9(cwd, explicit) : findConfigFile(cwd);
  if (!file) return EMPTY_CONFIG;
  if (explicit && !existsSync7(file)) {
    throw new ConfigError("--config", explicit, "cannot read the file: no such file; check the path, or leave out --config to use the nearest .meshlint.yaml");
  }
  return validateConfig(readConfigFile(file), file, rulesById, { root: configRoot(file) });
}
function errorsOnly(r7) {
  const messages = r7.messages.filter((m) => m.severity === 2);
  return { ...r7, messages, warningCount: 0, fixableWarningCount: 0 };
}
function applyFixes(results, inputs, write, showDiff, io) {
  for (const r7 of results) {
    if (r7.output === void 0) continue;
    const input2 = inputs.find((i) => i.ok && i.file.displayPath === r7.filePath);
    if (!input2?.ok) continue;
    if (write && input2.file.absPath) {
      if (escapesThroughLink(repositoryOf(input2.file.absPath, io.cwd), input2.file.absPath)) {
        io.stderr(`${TOOL_NAME}: --fix: not writing ${safeText(r7.filePath)}: it is a symbolic link, or in a linked folder, that leads outside the repository
`);
        continue;
      }
      try {
        writeFileSync3(input2.file.absPath, (input2.file.bom ? "\uFEFF" : "") + r7.output);
      } catch (e) {
        throw new UsageError(`--fix: cannot write ${r7.filePath}: ${describeFsError(e)}; make it writable, or see the fixes with --fix-dry-run`);
      }
    } else if (!write && showDiff) {
      io.stdout(safeLines(createTwoFilesPatch(`a/${r7.filePath}`, `b/${r7.filePath}`, input2.file.text, r7.output, void 0, void 0, { context: 3 }).replace(/^=+\n/m, "")));
    }
  }
  return results;
}
function formatReport(format, results, config, opts) {
  const { cwd } = opts;
  switch (format) {
    case "json":
      return formatJson(results) + "\n";
    case "github":
      return formatGithub(results);
    case "sarif": {
      const levels = new Map(
        allRules.map((r7) => {
          const level = effectiveSetting(config, r7).level;
          return [r7.name, level === "error" ? "error" : level === "warn" ? "warning" : "none"];
        })
      );
      const srcRoot = repoRoot(resolve9(cwd)) ?? cwd;
      return formatSarif(results, { rules: allRules, docs: readRuleDocs(allRules.map((r7) => r7.name)), levels, cwd, srcRoot, automationId: opts.automationId }) + "\n";
    }
    default:
      return formatStylish(results, { color: opts.color });
  }
}
function printNotes(report, io, all) {
  const notes = [...report.notes, ...report.facts.mesh.notes];
  const shown2 = all ? notes : notes.slice(0, 3);
  for (const n of shown2) io.stderr(`${TOOL_NAME}: note: ${safeText(n)}
`);
  if (shown2.length < notes.length) io.stderr(`${TOOL_NAME}: note: ${notes.length - shown2.length} more (--stats lists them all)
`);
}

// src/format/summary.ts
function escapeMarkdown(s) {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_{}[\]()#+!|~])/g, "\\$1");
}
function formatSummary(results, opts) {
  const errors = results.reduce((n, r7) => n + r7.errorCount, 0);
  const warnings = results.reduce((n, r7) => n + r7.warningCount, 0);
  const scope = opts.scope ? ` (${escapeMarkdown(opts.scope)})` : "";
  let md = `## ${TOOL_NAME}${scope}

`;
  if (errors + warnings === 0) {
    return `${md}No problems found in ${plural(opts.files, "file")}.
`;
  }
  md += `**${plural(errors, "error")}, ${plural(warnings, "warning")}** in ${plural(opts.files, "file")} linted.

`;
  const byRule = /* @__PURE__ */ new Map();
  for (const r7 of results) {
    for (const m of r7.messages) {
      const row = byRule.get(m.ruleId) ?? { errors: 0, warnings: 0 };
      if (m.severity === 2) row.errors++;
      else row.warnings++;
      byRule.set(m.ruleId, row);
    }
  }
  md += "| Rule | Errors | Warnings |\n| --- | ---: | ---: |\n";
  const rows = [...byRule].sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings || (a[0] < b[0] ? -1 : 1));
  for (const [id, n] of rows) md += `| [${escapeMarkdown(id)}](${DOCS_URL}/${encodeURIComponent(id)}.md) | ${n.errors} | ${n.warnings} |
`;
  const all = results.flatMap((r7) => r7.messages.map((m) => ({ path: opts.pathOf(r7.filePath), m })));
  const ordered = [...all.filter((x) => x.m.severity === 2), ...all.filter((x) => x.m.severity !== 2)];
  const shown2 = ordered.slice(0, opts.maxFindings);
  md += `
### ${shown2.length < ordered.length ? `The first ${shown2.length} of ${ordered.length} findings` : "Findings"}

`;
  md += "| | Where | Rule | Problem |\n| --- | --- | --- | --- |\n";
  for (const { path, m } of shown2) {
    const where = `${escapeMarkdown(path)}:${m.line}`;
    const link = opts.blobUrl ? `[${where}](${opts.blobUrl}${toUri(path)}#L${m.line})` : where;
    const context = findingContext(m);
    const problem = escapeMarkdown(m.message) + (context ? `<br>${escapeMarkdown(context)}` : "");
    md += `| ${m.severity === 2 ? "error" : "warning"} | ${link} | ${escapeMarkdown(m.ruleId)} | ${problem} |
`;
  }
  const notes = [];
  if (opts.annotated && opts.annotated.errors + opts.annotated.warnings < errors + warnings) {
    notes.push(`GitHub shows at most 10 error and 10 warning annotations per step: ${opts.annotated.errors + opts.annotated.warnings} of ${errors + warnings} findings are annotated on the files.`);
  }
  if (opts.sarifFile) notes.push(`Every finding is in \`${opts.sarifFile.replace(/[`\u0000-\u001f]/g, "")}\` (SARIF), for code scanning.`);
  if (notes.length) md += `
${notes.join(" ")}
`;
  return md;
}

// src/action.ts
var ANNOTATION_CAP = 10;
var SUMMARY_FINDINGS = 50;
var ACTION_FORMATS = ["sarif", "json", "stylish"];
var FAIL_ON = ["error", "warning", "never"];
var InputError = class extends Error {
};
function input(env, name) {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
function listInput(env, name) {
  return input(env, name).split(/\s+/).filter(Boolean);
}
function choice(env, name, allowed, fallback) {
  const v2 = input(env, name) || fallback;
  if (!allowed.includes(v2)) throw new InputError(`input ${name}: "${v2}" is not one of ${allowed.join(", ")}`);
  return v2;
}
function booleanInput(env, name, fallback) {
  const v2 = input(env, name);
  if (v2 === "") return fallback;
  if (["true", "True", "TRUE"].includes(v2)) return true;
  if (["false", "False", "FALSE"].includes(v2)) return false;
  throw new InputError(`input ${name}: "${v2}" is not a boolean (true or false)`);
}
function argsFromInputs(env) {
  const args = [];
  const config = input(env, "config");
  if (config) args.push("--config", config);
  for (const c of listInput(env, "helm-chart")) args.push("--helm-chart", c);
  for (const k2 of listInput(env, "kustomize")) args.push("--kustomize", k2);
  const version = input(env, "istio-version");
  if (version) args.push("--istio-version", version);
  const helm = input(env, "helm-binary");
  if (helm) args.push(`--helm-binary=${helm}`);
  const kustomize = input(env, "kustomize-binary");
  if (kustomize) args.push(`--kustomize-binary=${kustomize}`);
  args.push(...listInput(env, "args"));
  const paths = listInput(env, "paths");
  return paths.length ? [...args, "--", ...paths] : args;
}
function automationId(env) {
  const explicit = input(env, "category");
  if (explicit) return explicit.endsWith("/") ? explicit : `${explicit}/`;
  const what = [...listInput(env, "paths"), ...listInput(env, "helm-chart"), ...listInput(env, "kustomize")].join(" ");
  const slug = what.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "all";
  return `${TOOL_NAME}/${slug}/`;
}
function setOutput(env, name, value) {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter2 = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter2}
${value}
${delimiter2}
`);
}
function runAction(io) {
  const { env } = io;
  const workspace = resolve10(io.cwd, env.GITHUB_WORKSPACE ?? io.cwd);
  let format;
  let failOn;
  let annotate;
  let argv;
  try {
    format = choice(env, "format", ACTION_FORMATS, "sarif");
    failOn = choice(env, "fail-on", FAIL_ON, "error");
    annotate = booleanInput(env, "annotations", true);
    argv = argsFromInputs(env);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stdout(workflowCommand("error", `${e.message}. Fix the step's "with:" block.`, TOOL_NAME));
    return 2;
  }
  let stderr = "";
  const cli = {
    cwd: io.cwd,
    env,
    isTTY: false,
    readStdin: () => Buffer.alloc(0),
    stdout: io.stdout,
    stderr: (s) => {
      stderr += s;
      io.stderr(s);
    }
  };
  const run = lintFromArgs(argv, cli);
  if (typeof run === "number") {
    io.stdout(workflowCommand("error", stderr.trim() || `${TOOL_NAME} failed (exit ${run})`, TOOL_NAME));
    return run;
  }
  const { results, report, config } = run;
  printNotes(report, cli, false);
  const pathOf2 = (filePath) => {
    const rel = relative9(workspace, resolve10(io.cwd, filePath));
    return rel.startsWith("..") || isAbsolute8(rel) ? filePath : rel.split(sep6).join("/");
  };
  let sarifPath = "";
  if (format === "sarif") {
    sarifPath = input(env, "sarif-file") || "meshlint.sarif";
    const target = resolve10(workspace, sarifPath);
    mkdirSync3(dirname9(target), { recursive: true });
    writeFileSync4(target, formatReport("sarif", results, config, { color: false, cwd: io.cwd, automationId: automationId(env) }));
  } else {
    io.stdout(formatReport(format, results, config, { color: false, cwd: io.cwd }));
  }
  const shown2 = annotate ? annotations(results, { pathOf: pathOf2, maxErrors: ANNOTATION_CAP, maxWarnings: ANNOTATION_CAP }) : { text: "", errors: 0, warnings: 0 };
  io.stdout(shown2.text);
  const errors = results.reduce((n, r7) => n + r7.errorCount, 0);
  const warnings = results.reduce((n, r7) => n + r7.warningCount, 0);
  if (env.GITHUB_STEP_SUMMARY) {
    const server = env.GITHUB_SERVER_URL ?? "https://github.com";
    const blobUrl = env.GITHUB_REPOSITORY && env.GITHUB_SHA ? `${server}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA}/` : void 0;
    const scope = [...listInput(env, "paths"), ...listInput(env, "helm-chart").map((c) => `chart ${c}`), ...listInput(env, "kustomize").map((k2) => `overlay ${k2}`)].join(", ");
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      formatSummary(results, {
        pathOf: pathOf2,
        blobUrl,
        maxFindings: SUMMARY_FINDINGS,
        annotated: annotate ? shown2 : void 0,
        scope: scope || void 0,
        sarifFile: sarifPath || void 0,
        files: report.stats.files
      }) + "\n"
    );
  }
  setOutput(env, "sarif-file", sarifPath);
  setOutput(env, "errors", String(errors));
  setOutput(env, "warnings", String(warnings));
  const failed = failOn === "error" ? errors > 0 : failOn === "warning" ? errors + warnings > 0 : false;
  if (failed) {
    io.stdout(workflowCommand("error", `${TOOL_NAME} found ${errors} error(s) and ${warnings} warning(s) (fail-on: ${failOn}); see the job summary.`, TOOL_NAME));
    return 1;
  }
  return 0;
}

// src/action-main.ts
process.exitCode = runAction({
  cwd: process.cwd(),
  env: process.env,
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s)
});
