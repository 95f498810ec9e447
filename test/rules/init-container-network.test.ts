import { test } from 'uvu';
import * as assert from 'uvu/assert';
import rule from '../../rules/init-container-network.ts';
import { dialsOf, imageName, scriptCommands } from '../../src/model/pod/init-network.ts';
import type { Container } from '../../src/model/workload.ts';
import { ruleTester, yaml } from '../helpers/rule-tester.ts';

const shopEnabled = { namespaces: { shop: { labels: { 'istio-injection': 'enabled' } } } };
const classicCni = { ...shopEnabled, istio: { nativeSidecars: false, cni: true } };
const classicNoCni = { ...shopEnabled, istio: { nativeSidecars: false, cni: false } };
const native = { ...shopEnabled, istio: { nativeSidecars: true, cni: true } };

/** A Deployment in shop whose only init container is `init` (YAML lines, indented as a list item's fields). */
const withInit = (init: string, annotations = '', podSecurity = ''): string => yaml`
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    metadata:
      labels: { app: web }${annotations ? `\n      annotations:\n${annotations}` : ''}
    spec:${podSecurity ? `\n      securityContext: ${podSecurity}` : ''}
      initContainers:
${init}
      containers:
        - name: web
          image: registry.example.com/web:1.0
`;

const djangoMigrate = withInit(`        - name: migrate
          image: registry.example.com/shop-web:2.3
          command: ["python", "manage.py", "migrate", "--noinput"]
          env:
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef: { name: shop-db, key: url }`);

const ncWait = withInit(`        - name: wait-for-db
          image: busybox:1.36
          command: ["sh", "-c", "until nc -z postgres.db.svc.cluster.local 5432; do echo waiting for db; sleep 2; done"]`);

const kubectlWait = withInit(`        - name: wait-for-migration
          image: bitnami/kubectl:1.30
          args: ["wait", "--for=condition=complete", "job/shop-migrate", "--timeout=600s"]`);

ruleTester(rule, {
  valid: [
    { name: 'native sidecars: istio-proxy starts before the init container', code: djangoMigrate, config: native },
    { name: 'native sidecars by the pod annotation', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '        sidecar.istio.io/nativeSidecar: "true"'), config: classicCni, istioVersion: '1.28' },
    { name: 'istio-init (no CNI): the init container runs before capture', code: ncWait, config: classicNoCni },
    { name: 'runs as UID 1337: its traffic is not captured', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]\n          securityContext: { runAsUser: 1337 }`), config: classicCni },
    { name: 'the pod runs as GID 1337', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '', '{ runAsGroup: 1337 }'), config: classicCni },
    { name: 'every IPv4 destination excluded', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '        traffic.sidecar.istio.io/excludeOutboundIPRanges: "0.0.0.0/0"'), config: classicCni },
    { name: 'the port the tool uses is excluded', code: withInit(`        - name: wait-for-db\n          image: postgres:16\n          command: ["sh", "-c", "until pg_isready -h db.shop.svc; do sleep 1; done"]`, '        traffic.sidecar.istio.io/excludeOutboundPorts: "5432"'), config: classicCni },
    { name: 'a partial IP exclusion: which address db resolves to is unknown', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '        traffic.sidecar.istio.io/excludeOutboundIPRanges: "10.96.0.0/12"'), config: classicCni },
    { name: 'a port exclusion, and the migration\'s port is not known', code: djangoMigrate.replace('labels: { app: web }', 'labels: { app: web }\n      annotations:\n        traffic.sidecar.istio.io/excludeOutboundPorts: "5432"'), config: classicCni },
    { name: 'not injected: the pod opts out', code: kubectlWait.replace('labels: { app: web }', 'labels: { app: web, sidecar.istio.io/inject: "false" }'), config: classicCni },
    { name: 'not injected: a namespace without injection', code: kubectlWait, config: { namespaces: { shop: { labels: {} } }, istio: { nativeSidecars: false, cni: true } } },
    { name: 'CNI unknown: no finding, one note', code: ncWait, config: { ...shopEnabled, istio: { nativeSidecars: false } }, notes: ['unknown:mesh-cni'] },
    { name: 'native sidecars unknown (1.27+ auto): no finding, one note', code: kubectlWait, config: { ...shopEnabled, istio: { cni: true } }, istioVersion: '1.28', notes: ['unknown:native-sidecars'] },
    { name: 'interceptionMode NONE: no capture', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '        sidecar.istio.io/interceptionMode: NONE'), config: classicCni },
    { name: 'interceptionMode filled in by a template: it may be NONE', code: withInit(`        - name: wait-for-db\n          image: busybox:1.36\n          command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"]`, '        sidecar.istio.io/interceptionMode: "{{ interception_mode }}"'), config: classicCni },
    { name: 'busybox sleep and chown do not connect', code: withInit(`        - name: prepare\n          image: busybox:1.36\n          command: ["sh", "-c", "sleep 5 && chown -R 1000:1000 /data"]`), config: classicCni },
    { name: 'a migration without a database address (SQLite, or settings only)', code: withInit(`        - name: migrate\n          image: registry.example.com/shop-web:2.3\n          command: ["python", "manage.py", "migrate"]\n          env:\n            - { name: DATABASE_URL, value: "sqlite:////data/db.sqlite3" }\n            - { name: STATIC_URL, value: "https://cdn.example.com/static/" }`), config: classicCni },
    { name: 'migrate only echoed', code: withInit(`        - name: note\n          image: registry.example.com/shop-web:2.3\n          command: ["sh", "-c", "echo run migrate later"]\n          env: [{ name: DB_HOST, value: db }]`), config: classicCni },
    { name: 'psql without a host uses the local socket', code: withInit(`        - name: check\n          image: postgres:16\n          command: ["psql", "--version"]`), config: classicCni },
    { name: 'curl of localhost', code: withInit(`        - name: local\n          image: curlimages/curl:8.8.0\n          args: ["-sf", "http://localhost:8080/ready"]`), config: classicCni },
    { name: 'nc listening, not dialing', code: withInit(`        - name: listen\n          image: busybox:1.36\n          command: ["sh", "-c", "nc -lk -p 9000 -e cat"]`), config: classicCni },
    { name: 'kubectl config only', code: withInit(`        - name: kubeconfig\n          image: bitnami/kubectl:1.30\n          command: ["kubectl", "config", "set-context", "x"]`), config: classicCni },
    { name: 'an unknown image with no command: weak evidence', code: withInit(`        - name: setup\n          image: registry.example.com/db-setup:1.0`), config: classicCni },
    {
      name: 'already injected with native sidecars: the proxy runs first',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-validation","istio-proxy"]}' }
      spec:
        initContainers:
          - { name: istio-validation, image: proxyv2 }
          - { name: istio-proxy, image: proxyv2, restartPolicy: Always }
          - { name: wait-for-db, image: busybox, command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"] }
        containers:
          - { name: web, image: web }
      `,
      config: shopEnabled,
    },
  ],
  invalid: [
    {
      name: 'Django migration in an init container, database from a Secret',
      code: djangoMigrate,
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork', line: 12, message: 'Init container migrate runs its own migrate before istio-proxy starts' }],
    },
    {
      name: 'Rails db:migrate with DB_HOST',
      code: withInit(`        - name: migrate\n          image: registry.example.com/shop-rails:7\n          command: ["bundle", "exec", "rails", "db:migrate"]\n          env:\n            - { name: DB_HOST, value: postgres }`),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork', message: 'runs its own db:migrate' }],
    },
    {
      name: 'Flyway image with a JDBC URL: the port goes into the suggested exclusion',
      code: withInit(`        - name: flyway\n          image: flyway/flyway:10\n          args: ["-url=jdbc:postgresql://db.shop.svc:5432/shop", "-user=shop", "migrate"]`),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork', line: 11, message: 'excludeOutboundPorts: "5432"' }],
    },
    { name: 'kubectl wait on a migration Job', code: kubectlWait, config: classicCni, errors: [{ messageId: 'cniNoNetwork', line: 11, message: 'runs kubectl' }] },
    {
      name: 'wget of a config from a config server',
      code: withInit(`        - name: fetch-config\n          image: busybox:1.36\n          command: ["wget", "-q", "-O", "/config/app.yaml", "http://config-server.platform.svc:8888/shop/prod"]`),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork', line: 12, message: 'excludeOutboundPorts: "8888"' }],
    },
    { name: 'an nc -z wait loop', code: ncWait, config: classicCni, errors: [{ messageId: 'cniNoNetwork', line: 12, message: 'runs netcat' }] },
    {
      name: 'hold does not help: it orders app containers only',
      code: ncWait.replace('labels: { app: web }', 'labels: { app: web }\n      annotations:\n        proxy.istio.io/config: "holdApplicationUntilProxyStarts: true"'),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork' }],
    },
    {
      name: 'an excluded port that is not the one used',
      code: ncWait.replace('labels: { app: web }', 'labels: { app: web }\n      annotations:\n        traffic.sidecar.istio.io/excludeOutboundPorts: "3306"'),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork' }],
    },
    {
      name: 'UID 1337 on another init container only',
      code: withInit(`        - name: ok\n          image: busybox:1.36\n          command: ["sh", "-c", "nc -z db 5432"]\n          securityContext: { runAsUser: 1337 }\n        - name: wait\n          image: postgres:16\n          command: ["sh", "-c", "while ! pg_isready -h $(DB_HOST); do sleep 1; done"]\n          env: [{ name: DB_HOST, valueFrom: { configMapKeyRef: { name: db, key: host } } }]`),
      config: classicCni,
      errors: [{ messageId: 'cniNoNetwork', message: 'Init container wait runs psql' }],
    },
    {
      name: 'already injected with istio-validation (CNI): the manifest shows the order',
      code: yaml`
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        namespace: shop
        annotations: { sidecar.istio.io/status: '{"initContainers":["istio-validation"]}' }
      spec:
        initContainers:
          - { name: istio-validation, image: proxyv2 }
          - { name: wait-for-db, image: busybox, command: ["sh", "-c", "until nc -z db 5432; do sleep 2; done"] }
        containers:
          - { name: web, image: web }
          - { name: istio-proxy, image: proxyv2 }
      `,
      config: shopEnabled,
      errors: [{ messageId: 'cniNoNetwork', line: 10 }],
    },
    {
      name: 'CNI stated by the injector ConfigMap among the inputs',
      code: ncWait,
      files: [{ filename: 'injector.yaml', code: yaml`
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: istio-sidecar-injector, namespace: istio-system }
      data:
        config: |-
          policy: enabled
        values: |-
          {"pilot": {"cni": {"enabled": true}}, "global": {}}
      ` }],
      config: { ...shopEnabled, istio: { nativeSidecars: false } },
      errors: [{ messageId: 'cniNoNetwork' }],
    },
  ],
});

const container = (object: Record<string, unknown>): Container => ({ template: undefined as never, group: 'initContainers', index: 0, path: ['spec', 'initContainers', 0], name: 'x', object });

test('dialsOf: clients and their ports', () => {
  const ports = (o: Record<string, unknown>): unknown => dialsOf(container(o)).map((d) => [d.client, d.ports]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'for i in $(seq 1 30); do nc -zv mysql 3306 >/dev/null 2>&1 && exit 0; sleep 2; done; exit 1'] }), [['netcat', [3306]]]);
  assert.equal(ports({ image: 'postgres:16', command: ['sh', '-c', 'psql "$DATABASE_URL" -f /sql/init.sql'], env: [{ name: 'DATABASE_URL', value: 'postgres://u:p@db:5433/x' }] }), [['psql', [5433]]]);
  assert.equal(ports({ image: 'migrate/migrate', args: ['-path', '/m', '-database', 'postgres://db:5432/x?sslmode=disable', 'up'] }), [['migrate', [5432]]]);
  assert.equal(ports({ image: 'registry.example.com/app', args: ['migrate'], env: [{ name: 'POSTGRES_HOST', value: 'pg.db.svc' }] }), [['its own migrate', 'unknown']]);
  assert.equal(ports({ image: 'alpine/git', command: ['git', 'clone', 'git@github.com:org/repo.git', '/repo'] }), [['git', [22]]]);
  assert.equal(ports({ image: 'groundnuty/k8s-wait-for:v2.0', args: ['job', 'migrate'] }), [['k8s-wait-for (kubectl wait)', [443]]]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'timeout 60 sh -c "until wget -q --spider http://api:8080/healthz; do sleep 1; done"'] }), [['wget', [8080]]]);
  assert.equal(ports({ image: 'mysql:8', command: ['mysqladmin', 'ping', '-h', 'mysql.db', '-P', '3307'] }), [['mysql', [3307]]]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'wget -O /x http://127.0.0.1:15000/x; cat /x'] }), []);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'which curl && curl --help'] }), []);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'nc -u dns 53'] }), []);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'wget -qO- http://${FRONTEND_ADDR}'], env: [{ name: 'FRONTEND_ADDR', value: 'frontend:8080' }] }), [['wget', [8080]]]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'wget -qO- http://${FRONTEND_ADDR}'], env: [{ name: 'FRONTEND_ADDR', value: 'frontend' }] }), [['wget', [80]]]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'wget -qO- http://$SVC/x'] }), [['wget', 'unknown']]);
  assert.equal(ports({ image: 'x', command: ['/bin/sh', '-ec'], args: ['cat <<EOF >/etc/app.conf\nmysql {\n  host: "${MYSQL_HOST}"\n}\nEOF\nnc -z db 5432'], env: [{ name: 'MYSQL_HOST', value: 'mysql' }] }), [['netcat', [5432]]]);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'until nc -z "${PGHOST:-localhost}" "${PGPORT:-5432}"; do sleep 2; done'] }), []);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'until nc -z "${PGHOST:-localhost}" "${PGPORT:-5432}"; do sleep 2; done'], env: [{ name: 'PGHOST', value: 'db' }] }), [['netcat', [5432]]]);
  assert.equal(ports({ image: 'bash', command: ['bash', '-c', 'until timeout 1 bash -c "cat < /dev/null > /dev/tcp/kafka/9092"; do sleep 1; done'] }), [['bash /dev/tcp', [9092]]]);
  assert.equal(ports({ image: 'bash', command: ['bash', '-c', 'echo > /dev/tcp/localhost/8080'] }), []);
  assert.equal(ports({ image: 'busybox', command: ['sh', '-c', 'echo > /dev/tcp/db/5432'] }), []);
  assert.equal(ports({ image: 'postgres', command: ['sh', '-c', 'while ! pg_isready -h $DB_HOST -p $DB_PORT; do sleep 2; done'] }), [['psql', 'unknown']]);
  assert.equal(ports({ image: 'postgres', command: ['sh', '-c', 'pg_isready -h $DB_HOST -p $DB_PORT'], env: [{ name: 'DB_PORT', value: '6432' }] }), [['psql', [6432]]]);
  assert.equal(ports({ image: 'curlimages/curl', args: ['-sf', 'http://api:$(API_PORT)/ready'] }), [['curl', 'unknown']]);
  assert.equal(ports({ image: 'curlimages/curl', args: ['-u', 'admin:1234', 'https://api.example.com/config'] }), [['curl', [443]]]);
  assert.equal(ports({ image: 'bitnami/os-shell', command: ['wait-for-port', '--host=postgresql', '--state=inuse', '--timeout=120', '5432'] }), [['wait-for-port', [5432]]]);
  assert.equal(ports({ image: 'bitnami/os-shell', command: ['wait-for-port', '--state=inuse', '5432'] }), []);
  assert.equal(ports({ image: 'hashicorp/vault:1.17', args: ['agent', '-config=/vault/config/agent.hcl', '-exit-after-auth'], env: [{ name: 'VAULT_ADDR', value: 'https://vault.vault.svc:8200' }] }), [['Vault', [8200]]]);
  assert.equal(ports({ image: 'hashicorp/vault:1.17', args: ['server', '-dev'] }), []);
  assert.equal(ports({ image: 'apache/airflow:2.9.3', args: ['bash', '-c', 'exec airflow db check-migrations --migration-wait-timeout=60'], env: [{ name: 'AIRFLOW__DATABASE__SQL_ALCHEMY_CONN', valueFrom: { secretKeyRef: { name: 'airflow-metadata', key: 'connection' } } }] }), [['its own check-migrations', 'unknown']]);
  assert.equal(ports({ image: 'apache/superset:4.0', command: ['superset', 'db', 'upgrade'], env: [{ name: 'DATABASE_HOST', value: 'superset-postgresql' }] }), [['its own db upgrade', 'unknown']]);
  assert.equal(ports({ image: 'registry.example.com/api:3', command: ['./migrate.sh'], env: [{ name: 'DB_URL', value: 'postgres://db:5432/api' }] }), [['its own ./migrate.sh', [5432]]]);
  assert.equal(ports({ image: 'registry.example.com/api:3', command: ['/app/migrate', 'up'], env: [{ name: 'MAX_CONN', value: '100' }] }), []);
  assert.equal(ports({ image: 'app', command: 42, args: { a: 1 }, env: 'x' }), []);
});

test('dialsOf: nested scripts and huge inputs stay bounded', () => {
  const inner = `sh -c "${'nc -z db 5432; '.repeat(4000)}"; `;
  const found = dialsOf(container({ image: 'busybox', command: ['sh', '-c', inner.repeat(50)], env: Array.from({ length: 5000 }, (_, i) => ({ name: `X${i}_HOST`, value: 'db' })) }));
  assert.ok(found.length > 0);
});

test('scriptCommands: separators, quotes, comments', () => {
  assert.equal(scriptCommands(`# wait\nuntil nc -z "db" 5432; do echo 'a;b'; done && kubectl get pods | grep x`), [
    ['until', 'nc', '-z', 'db', '5432'], ['do', 'echo', 'a;b'], ['done'], ['kubectl', 'get', 'pods'], ['grep', 'x'],
  ]);
  assert.equal(scriptCommands('echo $(curl -s http://a:1)'), [['echo'], ['curl', '-s', 'http://a:1']]);
  assert.ok(scriptCommands('x '.repeat(200_000)).length <= 1);
  assert.equal(scriptCommands(`sed "s/ID/$(curl -s http://metadata.google.internal/id)/" /t > /c`), [['sed', 's/ID/$(curl -s http://metadata.google.internal/id)/', '/t', '>', '/c'], ['curl', '-s', 'http://metadata.google.internal/id']]);
});

test('imageName drops registry, tag and digest', () => {
  assert.is(imageName('docker.io/bitnami/kubectl:1.30@sha256:abc'), 'kubectl');
  assert.is(imageName('registry.k8s.io/git-sync/git-sync:v4.2.1'), 'git-sync');
  assert.is(imageName('localhost:5000/curl'), 'curl');
});

test.run();
