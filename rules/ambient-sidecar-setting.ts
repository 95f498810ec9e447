// A pod that ztunnel captures (ambient) has no proxy of its own: the sidecar injector's and the
// sidecar's annotations (traffic.sidecar.istio.io/*, proxy.istio.io/config with its
// holdApplicationUntilProxyStarts, sidecar.istio.io/* proxy settings, …) are read by nobody.
// The ambient node agent reads only three pod annotations (cni/pkg/nodeagent/net.go). The
// names, and what ambient offers instead, are data (src/model/data/ambient-ignored.json).
import { createRule } from '../src/engine/rule-api.ts';
import { AMBIENT_IGNORED, insteadText, type AmbientInstead } from '../src/model/ambient/settings.ts';
import { deprecatedNamesOn, statusAt } from '../src/model/data/deprecated-names.ts';
import { captureForTemplate } from '../src/model/injection/pod-injection.ts';
import { holdFromProxyConfig } from '../src/model/pod/proxy-config.ts';
import { PROXY_CONFIG_ANNOTATION } from '../src/model/pod/sidecar.ts';
import { templatePath } from '../src/model/workload.ts';

/** Annotations looked at per pod template, at most (a hostile input may carry very many). */
const MAX_ANNOTATIONS = 2000;

export default createRule({
  name: 'ambient-sidecar-setting',
  meta: {
    type: 'problem',
    docs: {
      description: 'Sidecar-only annotations on pods that ztunnel captures (ambient), where nothing reads them',
      defaultLevel: 'warn',
      precision: 'high',
      category: 'ambient',
      dataPlane: 'ambient',
      istioVersions: '>= 1.22',
    },
    messages: {
      ignored: '{{ name }} does nothing here: ztunnel captures this pod (ambient), and no sidecar reads it. {{ instead }}',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const facts = context.facts;
    // Names annotation-deprecated already reports as no longer read at the version in force.
    const removed = new Set(deprecatedNamesOn('Pod', 'annotation').filter((e) => statusAt(e, facts.mesh.version) === 'removed').map((e) => e.name));
    return {
      PodTemplate(t) {
        const keys = Object.keys(t.annotations);
        if (!keys.some((k) => AMBIENT_IGNORED.has(k))) return;
        const capture = captureForTemplate(t, facts);
        if (capture.outcome !== 'ambient') return;
        for (const key of keys.slice(0, MAX_ANNOTATIONS)) {
          const entry = AMBIENT_IGNORED.get(key);
          if (!entry || removed.has(key)) continue;
          let instead: AmbientInstead = entry.instead;
          const value = t.annotations[key];
          if (key === PROXY_CONFIG_ANNOTATION && typeof value === 'string' && holdFromProxyConfig(value) === true) instead = 'hold';
          context.report({
            target: { resource: t.resource, path: templatePath(t, 'metadata', 'annotations', key) },
            messageId: 'ignored',
            data: { name: key, instead: insteadText(instead) },
          });
        }
      },
    };
  },
});
