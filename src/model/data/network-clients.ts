// Programs whose run in a container is strong evidence that it opens a TCP connection out of
// the pod, and how each one shows where it connects. Data for src/model/pod/init-network.ts:
// the code reads these fields and has no per-tool branches. TCP only: Istio's capture
// redirects TCP (UDP only for DNS, when DNS capture is on), so `nslookup`, `ping` or `nc -u`
// are not listed.

/**
 * How a run of the program shows that it leaves the pod:
 * - always: every run that is not a local-only one (`--version`, `kubectl config`) connects;
 * - target: only when a remote target is given, as a URL or `host:port` argument, a host
 *   flag, or a host environment variable (`psql` without one uses a local socket);
 * - host-port: netcat style, the first two positional arguments are host and port;
 * - address-env: a run that connects to what the container's `*_HOST`/`*_URL`/`*_ADDR`
 *   environment names (a migration tool whose database is configured that way).
 */
export type DialMode = 'always' | 'target' | 'host-port' | 'address-env';

export interface NetworkClient {
  /** What the finding calls it. */
  readonly label: string;
  /** Executable base names. */
  readonly names: readonly string[];
  /** Last path segment of image repositories whose entrypoint is this program (tag and registry dropped). */
  readonly images?: readonly string[];
  readonly dials: DialMode;
  /** The TCP port it connects to when nothing says otherwise; absent: unknown. */
  readonly port?: number;
  /** Flags whose value is the port (`-p 5433`, `--port=5433`). */
  readonly portFlags?: readonly string[];
  /** A bare number among its arguments is the port (`wait-for-port --host=db 5432`). */
  readonly portPositional?: boolean;
  /** Flags whose value is the remote host. */
  readonly hostFlags?: readonly string[];
  /** Environment variables that name the remote host. */
  readonly hostEnv?: readonly string[];
  /** Flags that take a value, so that value is not taken for a host or URL. */
  readonly valueFlags?: readonly string[];
  /** Arguments after which the run connects nowhere (a listener, help, a local subcommand). */
  readonly local?: readonly string[];
  /** Letters of combined short flags that make the run local (`nc -lk`: l). */
  readonly localLetters?: string;
}

const HELP = ['--help', '-help', '--version', '-version', 'help', 'version'];

export const NETWORK_CLIENTS: readonly NetworkClient[] = [
  // The API server: `kubernetes.default.svc`, port 443 of its Service.
  { label: 'kubectl', names: ['kubectl', 'oc'], images: ['kubectl', 'k8s-kubectl'], dials: 'always', port: 443, local: ['config', 'completion', 'kustomize', 'plugin', '--client', ...HELP] },
  { label: 'k8s-wait-for (kubectl wait)', names: ['wait_for.sh'], images: ['k8s-wait-for'], dials: 'always', port: 443, local: HELP },
  { label: 'curl', names: ['curl'], images: ['curl'], dials: 'target', local: ['-V', ...HELP], valueFlags: ['-o', '--output', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary', '-X', '--request', '-u', '--user', '-w', '--write-out', '-m', '--max-time', '--connect-timeout', '--retry', '--retry-delay', '--retry-max-time', '-A', '--user-agent', '-e', '--referer', '-b', '--cookie', '-c', '--cookie-jar', '-F', '--form', '-T', '--upload-file', '-x', '--proxy', '--cacert', '--cert', '--key', '-K', '--config', '-r', '--range', '--resolve', '--connect-to'] },
  { label: 'wget', names: ['wget'], dials: 'target', local: ['-V', ...HELP], valueFlags: ['-O', '--output-document', '-o', '--output-file', '-P', '--directory-prefix', '-T', '--timeout', '-t', '--tries', '--header', '-U', '--user-agent', '--post-data', '--method', '-w', '--wait', '-e', '--execute'] },
  { label: 'netcat', names: ['nc', 'ncat', 'netcat'], dials: 'host-port', local: ['--listen', '--udp', ...HELP], localLetters: 'lu', valueFlags: ['-w', '-i', '-p', '-s', '-q', '-x', '-X', '-W', '-T', '-I', '-O', '-P', '-M', '-m', '-e', '-c', '--wait', '--source', '--source-port', '--proxy', '--exec', '--sh-exec'] },
  { label: 'telnet', names: ['telnet'], dials: 'host-port', port: 23, local: HELP },
  { label: 'psql', names: ['psql', 'pg_isready', 'pg_dump', 'pg_dumpall', 'pg_restore', 'createdb', 'dropdb', 'pg_basebackup'], dials: 'target', port: 5432, portFlags: ['-p', '--port'], hostFlags: ['-h', '--host'], hostEnv: ['PGHOST'], valueFlags: ['-U', '--username', '-d', '--dbname', '-c', '--command', '-f', '--file', '-t', '--timeout', '-F', '--format', '-j', '--jobs', '-v', '--set', '-o', '--output'], local: ['-V', ...HELP] },
  { label: 'mysql', names: ['mysql', 'mysqladmin', 'mysqldump', 'mariadb', 'mariadb-admin', 'mariadb-dump'], dials: 'target', port: 3306, portFlags: ['-P', '--port'], hostFlags: ['-h', '--host'], hostEnv: ['MYSQL_HOST'], valueFlags: ['-u', '--user', '-D', '--database', '-e', '--execute', '--connect-timeout', '--wait'], local: ['-V', ...HELP] },
  { label: 'redis-cli', names: ['redis-cli'], dials: 'target', port: 6379, portFlags: ['-p'], hostFlags: ['-h'], valueFlags: ['-a', '-n', '-u', '--user', '--pass'], local: ['-v', ...HELP] },
  { label: 'mongosh', names: ['mongosh', 'mongo'], dials: 'target', port: 27017, portFlags: ['--port'], hostFlags: ['--host'], valueFlags: ['-u', '--username', '-p', '--password', '--eval', '--authenticationDatabase'], local: HELP },
  { label: 'Flyway', names: ['flyway'], images: ['flyway'], dials: 'always', local: ['-v', '-?', ...HELP] },
  { label: 'Liquibase', names: ['liquibase'], images: ['liquibase'], dials: 'always', local: HELP },
  // golang-migrate: its database is a URL argument (-database postgres://…).
  { label: 'migrate', names: ['migrate'], images: ['migrate'], dials: 'target', valueFlags: ['-path', '-source', '-lock-timeout'], local: HELP },
  { label: 'Alembic', names: ['alembic'], dials: 'address-env', local: HELP },
  { label: 'dockerize -wait', names: ['dockerize'], images: ['dockerize'], dials: 'target', valueFlags: ['-template', '-timeout', '-wait-retry-interval', '-stdout', '-stderr'], local: HELP },
  { label: 'wait-for-it', names: ['wait-for-it', 'wait-for-it.sh', 'wait-for', 'wait-for.sh'], dials: 'target', hostFlags: ['-h', '--host'], portFlags: ['-p', '--port'], valueFlags: ['-t', '--timeout'], local: ['--help'] },
  { label: 'git', names: ['git'], dials: 'target', valueFlags: ['-b', '--branch', '--depth', '-c', '-C', '--origin', '-o', '--reference', '--separate-git-dir', '-j', '--jobs'], local: HELP },
  { label: 'git-sync', names: ['git-sync'], images: ['git-sync'], dials: 'always', local: HELP },
  { label: 'Vault', names: ['vault'], images: ['vault'], dials: 'always', port: 8200, hostEnv: ['VAULT_ADDR'], valueFlags: ['-address', '-config', '-method', '-path', '-field', '-format'], local: ['server', 'operator', '-dev', ...HELP] },
  // Bitnami's wait: `wait-for-port --host=db --state=inuse 5432` (without --host it checks the pod itself).
  { label: 'wait-for-port', names: ['wait-for-port'], dials: 'target', portPositional: true, hostFlags: ['--host'], valueFlags: ['--state', '--timeout'], local: HELP },
  { label: 'the AWS CLI', names: ['aws'], dials: 'always', port: 443, local: ['configure', ...HELP] },
  { label: 'gsutil', names: ['gsutil'], dials: 'always', port: 443, local: HELP },
];

/** Ports of URL schemes (and JDBC subprotocols) when the URL names none; null: no usual port. */
export const SCHEME_PORTS: Readonly<Record<string, number | null>> = {
  http: 80, https: 443, ws: 80, wss: 443, ftp: 21, ssh: 22, git: 9418,
  postgres: 5432, postgresql: 5432, mysql: 3306, mariadb: 3306, sqlserver: 1433, mssql: 1433,
  redis: 6379, rediss: 6379, mongodb: 27017, amqp: 5672, amqps: 5671, nats: 4222,
  cockroachdb: 26257, clickhouse: 9000, cassandra: 9042, oracle: 1521, jdbc: null, tcp: null,
};

/** Schemes that name no remote peer. */
export const LOCAL_SCHEMES: ReadonlySet<string> = new Set(['file', 'sqlite', 'sqlite3', 'h2', 'hsqldb', 'derby', 'unix', 'memory']);

/** Hosts that are the pod itself: Istio's capture returns loopback traffic to 127.0.0.1 untouched. */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0', '']);

/** Values that are no host name, written where a host could be. */
export const NOT_HOSTS: ReadonlySet<string> = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'none', 'null', 'nil', 'default', 'auto', 'disabled', 'enabled']);

/** Names that end like an address but hold the app's own address, not one it connects to. */
export const SELF_ADDRESS_WORDS: readonly string[] = [
  'BIND', 'LISTEN', 'STATIC', 'MEDIA', 'PUBLIC', 'BASE', 'SITE', 'ROOT', 'EXTERNAL', 'FRONTEND', 'CALLBACK', 'REDIRECT', 'HOMEPAGE', 'ADVERTISE', 'POD', 'NODE', 'SELF', 'ISSUER', 'PROXY',
];

/** Name endings of environment variables that say where a program connects. */
export const ADDRESS_ENV_SUFFIXES: readonly string[] = ['_HOST', '_HOSTNAME', '_URL', '_URI', '_ADDR', '_ADDRESS', '_DSN', '_CONN', '_CONNECTION', '_CONNECTION_STRING'];

/**
 * Words that run an app's own migrations (`manage.py migrate`, `rails db:migrate`, `knex
 * migrate:latest`, `prisma migrate deploy`): evidence only with an address in the environment,
 * since a migration may as well write to a local SQLite file.
 */
export const MIGRATE_WORDS: ReadonlySet<string> = new Set([
  'migrate', 'db:migrate', 'db:prepare', 'db:setup', 'db:create', 'migrate:latest', 'migrate:up', 'migrate:deploy', 'migrate:fresh', 'migrations:migrate',
  // Airflow: `airflow upgradedb` (1.x), and the chart's wait for them, `airflow db check-migrations`.
  'upgradedb', 'check-migrations',
]);

/** Two words that run migrations together (`superset db upgrade`, `flask db upgrade`, `airflow db init`). */
export const MIGRATE_PAIRS: ReadonlySet<string> = new Set(['db upgrade', 'db init', 'alembic upgrade']);

/** Programs that print or test their arguments: a migrate word after them runs nothing. */
export const NON_RUNNERS: ReadonlySet<string> = new Set(['echo', 'printf', 'cat', 'grep', 'egrep', 'ls', 'test', '[', '[[', 'sleep', 'cd', 'mkdir', 'chmod', 'chown', 'cp', 'mv', 'rm', 'touch', 'export', 'set', 'true', 'false', 'tee', 'sed', 'awk', 'find', 'ln', 'tar', 'head', 'tail', 'wc', 'basename', 'dirname', 'stat', 'date', 'id', 'whoami', 'which', 'type', 'command', 'local', 'readonly', 'declare', 'unset', 'trap', 'source', '.']);

/** Shells whose `-c` argument is a script to read. */
export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh']);

/** Shells whose redirection to `/dev/tcp/<host>/<port>` opens a TCP connection. */
export const DEV_TCP_SHELLS: ReadonlySet<string> = new Set(['bash', 'zsh', 'ksh']);

/** Words before a command that run it (`exec psql`, `timeout 30 nc …`, `until nc …`); the number is how many arguments of theirs to skip. */
export const PREFIX_WORDS: Readonly<Record<string, number>> = {
  exec: 0, nohup: 0, time: 0, sudo: 0, until: 0, while: 0, if: 0, then: 0, else: 0, elif: 0, do: 0, '!': 0, '{': 0, '(': 0, timeout: 1, nice: 0, xargs: 0, stdbuf: 0, 'su-exec': 1, gosu: 1, tini: 0, 'dumb-init': 0, '--': 0, env: 0, busybox: 0,
};

/** Images without an entrypoint of their own: their `args` are the command. */
export const PLAIN_IMAGES: ReadonlySet<string> = new Set(['busybox', 'alpine', 'ubuntu', 'debian', 'centos', 'fedora', 'rockylinux', 'almalinux', 'ubi', 'ubi-minimal', 'ubi8', 'ubi9', 'amazonlinux', 'bash']);
