import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/init-rerun-prune.ts';
import { containerRemovals, filtersKeepIstioInit, shellCommands } from '../../src/model/pod/container-removal.ts';
import { imageVersion } from '../../src/model/install/version-evidence.ts';
import { ruleTester, runCase, yaml } from '../helpers/rule-tester.ts';

const old = { istio: { version: '1.22' } };

/** A node clean-up CronJob with the docker socket mounted; `script` is its `sh -c` argument. */
const cronJob = (script: string): string => yaml`
apiVersion: batch/v1
kind: CronJob
metadata: { name: node-gc, namespace: ops }
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: gc
              image: docker:24-cli
              command: ["sh", "-c", ${JSON.stringify(script)}]
              volumeMounts: [{ name: sock, mountPath: /var/run/docker.sock }]
          volumes:
            - name: sock
              hostPath: { path: /var/run/docker.sock }
`;

const pruneAll = cronJob('docker system prune -af');

const gcDaemonSet = yaml`
apiVersion: apps/v1
kind: DaemonSet
metadata: { name: exited-gc, namespace: ops }
spec:
  template:
    spec:
      containers:
        - name: gc
          image: crictl
          command: ["/bin/sh", "-c"]
          args:
            - |
              while true; do
                crictl rm $(crictl ps -a -q --state exited)
                sleep 3600
              done
          volumeMounts: [{ name: run, mountPath: /run/containerd }]
      volumes:
        - name: run
          hostPath: { path: /run/containerd }
`;

const injectedByOldIstio = {
  filename: 'legacy.yaml',
  code: yaml`
  apiVersion: apps/v1
  kind: Deployment
  metadata: { name: billing, namespace: legacy }
  spec:
    template:
      metadata:
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-init"]}' }
      spec:
        initContainers:
          - name: istio-init
            image: docker.io/istio/proxyv2:1.22.6
        containers:
          - { name: app, image: billing }
          - { name: istio-proxy, image: docker.io/istio/proxyv2:1.22.6 }
  `,
};

ruleTester(rule, {
  valid: [
    { name: 'version not stated, no install among the inputs: a note naming istio.version, no finding', code: pruneAll, notes: ['unknown:istio-version'] },
    { name: 'image-only prune removes no containers', code: cronJob('docker image prune -af'), config: old },
    { name: 'the prune keeps istio-init (label filter)', code: cronJob('docker system prune -af --filter "label!=io.kubernetes.container.name=istio-init"'), config: old },
    { name: 'the prune keeps every kubelet container (label!= without value)', code: cronJob('docker container prune -f --filter=label!=io.kubernetes.pod.name'), config: old },
    { name: 'a positive label filter prunes only containers with that label', code: cronJob('docker container prune -f --filter label=ci=true'), config: old },
    { name: 'Istio 1.24 and later re-run istio-init safely', code: pruneAll, istioVersion: '1.24' },
    { name: 'Istio CNI: no istio-init to re-run', code: pruneAll, config: { istio: { version: '1.22', cni: true } } },
    { name: 'a remote docker daemon (DOCKER_HOST tcp://)', code: cronJob('DOCKER_HOST=tcp://localhost:2375 docker system prune -af'), config: old },
    {
      name: 'no way to the node runtime (no hostPath): some other daemon',
      code: yaml`
      apiVersion: batch/v1
      kind: Job
      metadata: { name: ci-clean }
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
              - { name: clean, image: docker, command: ["docker", "system", "prune", "-af"] }
      `,
      config: old,
    },
    { name: 'crictl rmp removes pod sandboxes: the pod gets a new network namespace', code: cronJob('crictl rmp -a; crictl rmi --prune'), config: old },
    { name: 'nerdctl outside the k8s.io namespace never sees kubelet\'s containers', code: cronJob('nerdctl system prune -af'), config: old },
    { name: 'rm of listed containers that leaves istio-init out', code: cronJob('docker ps -aq -f status=exited | grep -v istio-init | xargs -r docker rm'), config: old },
    { name: 'rm of one named container', code: cronJob('docker rm -f build-cache'), config: old },
    {
      name: 'version not stated, but the inputs install Istio 1.26 (istiod image)',
      code: pruneAll,
      files: [{ filename: 'istiod.yaml', code: yaml`
        apiVersion: apps/v1
        kind: Deployment
        metadata: { name: istiod, namespace: istio-system }
        spec:
          template:
            spec:
              containers: [{ name: discovery, image: docker.io/istio/pilot:1.26.2 }]
        ` }],
    },
    {
      name: 'Istio 1.28 stated and the injected pods among the inputs run istio-init 1.28',
      code: pruneAll,
      istioVersion: '1.28',
      files: [{ filename: 'app.yaml', code: injectedByOldIstio.code.replaceAll('1.22.6', '1.28.1') }],
    },
  ],
  invalid: [
    {
      name: 'the prune line of a 60 KB script: found by scanning, underlined',
      code: cronJob(`${'docker ps -a; '.repeat(2000)}system x\n${'system '.repeat(2000)}\ndocker system prune -af`),
      config: old,
      errors: [{ messageId: 'oldVersion', line: 14, column: 37 }],
      output: null,
    },
    {
      name: 'a removal inside 50,000 nested substitutions (recursion would overflow the stack)',
      code: cronJob(`echo ${'$('.repeat(50_000)}docker system prune -af`),
      config: old,
      errors: [{ messageId: 'oldVersion', line: 14, column: 37 }],
      output: null,
    },
    {
      name: 'docker system prune on Istio 1.22',
      code: pruneAll,
      config: old,
      errors: [{ messageId: 'oldVersion', line: 14, column: 37, endLine: 14, endColumn: 62, severity: 2, message: 'docker system prune -af removes exited istio-init containers, which fail when re-run on Istio 1.22' }],
      output: null,
    },
    {
      name: 'version given on the command line',
      code: pruneAll,
      istioVersion: '1.23.4',
      errors: [{ messageId: 'oldVersion', message: 'on Istio 1.23.4. Add --filter' }],
    },
    {
      name: 'exec form: reported at the "prune" entry',
      code: yaml`
      apiVersion: batch/v1
      kind: Job
      metadata: { name: prune }
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
              - name: prune
                image: docker
                command: [docker, container, prune, --force]
                volumeMounts: [{ name: sock, mountPath: /var/run/docker.sock }]
            volumes: [{ name: sock, hostPath: { path: /var/run/docker.sock } }]
      `,
      config: old,
      errors: [{ messageId: 'oldVersion', line: 11, column: 40, endLine: 11, endColumn: 45, message: 'docker container prune --force' }],
    },
    {
      name: 'crictl rm of the exited containers, in a block script: the line is reported',
      code: gcDaemonSet,
      config: old,
      errors: [{ messageId: 'oldVersion', line: 14, column: 17, endLine: 14, endColumn: 60, message: 'Keep containers named istio-init, or use Istio CNI' }],
    },
    {
      name: 'Istio 1.28 stated, but the inputs run pods injected by 1.22',
      code: pruneAll,
      istioVersion: '1.28',
      files: [injectedByOldIstio],
      errors: [{ messageId: 'oldIstioInit', line: 14, column: 37, message: 'the inputs run Istio 1.22.6, where they fail when re-run' }],
    },
    {
      name: 'CNI stated, but the inputs run pods with an old istio-init',
      code: pruneAll,
      config: { istio: { cni: true } },
      files: [injectedByOldIstio],
      errors: [{ messageId: 'oldIstioInit' }],
    },
    {
      name: 'an IstioOperator installs tag 1.21',
      code: pruneAll,
      istioVersion: '1.28',
      files: [{ filename: 'iop.yaml', code: yaml`
        apiVersion: install.istio.io/v1alpha1
        kind: IstioOperator
        metadata: { name: main, namespace: istio-system }
        spec:
          tag: 1.21.2
        ` }],
      errors: [{ messageId: 'oldIstioInit', message: 'the inputs run Istio 1.21.2, where they fail' }],
    },
    {
      name: 'nsenter into the host with hostPID',
      code: yaml`
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: { name: janitor }
      spec:
        template:
          spec:
            hostPID: true
            containers:
              - name: janitor
                image: alpine
                securityContext: { privileged: true }
                command: [nsenter, -t, "1", -m, -u, -i, -n, --, docker, system, prune, -f]
      `,
      config: old,
      errors: [{ messageId: 'oldVersion', line: 12, column: 75 }],
    },
    {
      name: 'nerdctl in containerd\'s k8s.io namespace',
      code: cronJob('nerdctl --namespace k8s.io container prune -f'),
      config: old,
      errors: [{ messageId: 'oldVersion', message: 'nerdctl container prune -f' }],
    },
    {
      name: 'a script mounted from a ConfigMap of the same namespace',
      code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: gc-script, namespace: ops }
      data:
        gc.sh: |
          #!/bin/sh
          set -e
          docker container prune -f --filter until=24h
      ---
      apiVersion: batch/v1
      kind: CronJob
      metadata: { name: node-gc, namespace: ops }
      spec:
        schedule: "@daily"
        jobTemplate:
          spec:
            template:
              spec:
                restartPolicy: OnFailure
                containers:
                  - name: gc
                    image: docker:24-cli
                    command: [/scripts/gc.sh]
                    volumeMounts:
                      - { name: scripts, mountPath: /scripts }
                      - { name: sock, mountPath: /var/run/docker.sock }
                volumes:
                  - name: scripts
                    configMap: { name: gc-script, defaultMode: 0755 }
                  - name: sock
                    hostPath: { path: /var/run/docker.sock }
      `,
      config: old,
      errors: [{ messageId: 'oldVersion', line: 8, column: 5, endLine: 8, endColumn: 49, message: '(mounted by CronJob node-gc) removes' }],
    },
  ],
});

test('init-rerun-prune: the suggestion adds the label filter to a one-line script', () => {
  const { messages } = runCase(rule, { code: pruneAll, config: old });
  const s = messages[0]?.suggestions?.[0];
  assert.ok(s);
  assert.is(s.desc, 'Add --filter label!=io.kubernetes.container.name=istio-init to this command.');
  assert.is(s.fix.text, '"docker system prune --filter label!=io.kubernetes.container.name=istio-init -af"');
});

test('init-rerun-prune: no suggestion for crictl, nor in the exec form', () => {
  assert.equal(runCase(rule, { code: gcDaemonSet, config: old }).messages[0]?.suggestions ?? [], []);
  const exec = runCase(rule, { code: cronJob('docker system prune -af').replace('["sh", "-c", "docker system prune -af"]', '[docker, system, prune, -af]'), config: old });
  assert.is(exec.messages.length, 1);
  assert.equal(exec.messages[0]?.suggestions ?? [], []);
});

test('init-rerun-prune: the old istio-init is a related location', () => {
  const { messages } = runCase(rule, { code: pruneAll, istioVersion: '1.28', files: [injectedByOldIstio] });
  const related = messages[0]?.related ?? [];
  assert.is(related.length, 1);
  assert.is(related[0]?.filePath, 'legacy.yaml');
  assert.is(related[0]?.line, 11);
});

test('init-rerun-prune: shell words, substitutions and pipes', () => {
  const cmds = shellCommands(['sh', '-c', 'ids="$(docker ps -aq)" && docker rm $ids | tee log # done']);
  const words = cmds.map((c) => c.words.map((w) => w.text));
  assert.equal(words, [['sh', '-c'], ['ids=$(…)'], ['docker', 'ps', '-aq'], ['docker', 'rm', '$ids'], ['tee', 'log']]);
  assert.is(cmds[4]?.pipedFrom, 3);
  assert.equal(cmds[1]?.substitutions, [2]);
});

test('init-rerun-prune: which commands remove exited containers', () => {
  const kinds = (script: string): string[] => containerRemovals(['sh', '-c', script]).map((r) => `${r.tool} ${r.kind}`);
  assert.equal(kinds('docker system prune'), ['docker prune']);
  assert.equal(kinds('docker -H unix:///var/run/docker.sock container prune -f'), ['docker prune']);
  assert.equal(kinds('docker volume prune -f; docker network prune -f; docker builder prune -af'), []);
  assert.equal(kinds('docker rm $(docker ps -q -f status=exited)'), ['docker rm']);
  assert.equal(kinds('docker container ls -aq | xargs docker container rm'), ['docker rm']);
  assert.equal(kinds('docker ps -q | xargs docker stop'), []);
  assert.equal(kinds('docker run --rm busybox true'), []);
  assert.equal(kinds('crictl rm -a'), ['crictl rm']);
  assert.equal(kinds('crictl rm `crictl ps -a -q`'), ['crictl rm']);
  assert.equal(kinds('crictl rmi --prune'), []);
  assert.equal(kinds('echo "docker system prune"'), []);
  assert.equal(containerRemovals(['sh', '-c', 'nerdctl system prune -f'], { CONTAINERD_NAMESPACE: 'k8s.io' }).length, 1);
});

test('init-rerun-prune: long commands cost their length, not its square', () => {
  const kinds = (script: string): string[] => containerRemovals(['sh', '-c', script]).map((r) => `${r.tool} ${r.kind}`);
  // Each docker word skipped the options after it, 20,000 times over (55 s).
  assert.equal(kinds(`docker ${'-H docker '.repeat(20_000)}system prune`), ['docker prune']);
  // Each docker word scanned the whole command again (31 s).
  assert.equal(kinds(`x ${'docker '.repeat(20_000)}`), []);
  // Each command of a pipe walked the pipe back to its start (6 s).
  assert.is(kinds(`docker ps -aq | ${'docker rm | '.repeat(20_000)}x`).length, 20_000);
  // A shell runs one program per simple command: its first removal is the one reported.
  assert.equal(kinds('docker system prune docker system prune'), ['docker prune']);
});

test('init-rerun-prune: prune filters that keep istio-init', () => {
  assert.ok(filtersKeepIstioInit(['label!=io.kubernetes.container.name=istio-init']));
  assert.ok(filtersKeepIstioInit(['until=24h', 'label!=io.kubernetes.container.name']));
  assert.not.ok(filtersKeepIstioInit(['until=24h']));
  assert.not.ok(filtersKeepIstioInit(['label!=io.kubernetes.container.name=istio-proxy']));
  assert.not.ok(filtersKeepIstioInit(['label=io.kubernetes.container.name=istio-init']));
});

test('init-rerun-prune: Istio versions in image references', () => {
  assert.is(imageVersion('docker.io/istio/proxyv2:1.22.3-distroless')?.text, '1.22.3-distroless');
  assert.is(imageVersion('gcr.io/istio-release/proxyv2:1.3.0')?.minor, 3);
  assert.is(imageVersion('localhost:5000/proxyv2'), undefined);
  assert.is(imageVersion('registry.istio.io/testing/proxyv2:latest'), undefined);
  assert.is(imageVersion('docker.io/istio/proxyv2:1.22.3@sha256:abc')?.minor, 22);
  // 200,000 "@" and a line break: the digest is found by scanning, not by a pattern retried at every "@".
  assert.is(imageVersion(`docker.io/istio/proxyv2:1.22.3${'@'.repeat(200_000)}\n`), undefined);
  assert.is(imageVersion(`x\ndocker.io/istio/proxyv2:1.22.3${'@'.repeat(200_000)}`)?.minor, 22);
});

test.run();
