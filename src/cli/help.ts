// The --help texts: the program's, and each command's own.


export const HELP = `Usage: meshlint [options] [file|dir|glob|-] ...
       meshlint --helm-chart DIR [--values FILE]... [options]
       meshlint --kustomize DIR [options]
       meshlint rules
       meshlint explain [paths] [--resource Kind/namespace/name]
       meshlint facts [paths]
       meshlint diff BASE [HEAD] [--path PATH]...
       meshlint charts [paths] [--charts DIR]
       meshlint lsp

Lints Kubernetes manifests, Helm charts and Kustomize overlays for what Istio will do
with each workload: sidecar injection, start-up order, admission. Offline: nothing is
sent anywhere. With no path (and no chart or overlay), lints the current directory;
"-" reads standard input.

Commands:
  rules                        List every rule: id, level, data plane, fixable, description
  explain [paths]              For each workload: will Istio inject a sidecar, and why
      --resource KIND/NS/NAME  Only this workload (also NS/NAME or NAME)
  facts [paths]                What meshlint knows of the cluster and where from: namespaces,
                               webhooks, each revision's install; what is unknown, and the
                               workloads each unknown leaves undecided
  diff BASE [HEAD]             What a change does to the mesh: workloads that gain or lose
                               a sidecar (or change revision, capture, waypoint, start-up,
                               admission), and findings new, fixed and unchanged; --path
                               PATH limits both sides to PATH, --staged compares with the
                               staged files (meshlint diff --help)
  charts [paths]               The charts HelmReleases and Applications deploy that are not
                               in --charts DIR: each with its helm pull command
  lsp                          Run the language server for editors (LSP over stdio)

Options:
  -c, --config FILE            Use this config file for every file (default: for each
                               file, the nearest .meshlint.yaml, .meshlint.yml or
                               .meshlint.json above it, up to the repository root)
      --no-config-lookup       Look for no config file: --config alone, else the defaults
  -f, --format NAME            stylish (default), json, json-with-metadata (results and
                               the run's notes), sarif, github, junit, gitlab (Code
                               Quality), checkstyle
  -o, --output-file FILE       Write the report to FILE instead of standard output
      --sarif-all-rules        SARIF: describe every rule with its whole page (default: only
                               the rules with results, each with its summary and link)
      --rule ID=LEVEL          Set a rule's level (off, warn, error, or 0, 1, 2); repeatable.
                               Options as JSON: --rule 'ID=["warn", {...}]'
  -n, --namespace NS           Namespace for objects that declare none
      --istio-version V        Istio version to predict for (e.g. 1.26); default: the
                               config's istio.version, else the one the inputs show,
                               else unknown (findings that differ by version wait)
      --max-warnings N         Exit with 1 when there are more than N warnings
  -q, --quiet                  Report errors only (no warnings, no notes)
      --fix                    Apply fixes to the files
      --fix-dry-run            Show the fixes as a diff, change nothing
      --ignore-pattern PAT     Skip files matching PAT (gitignore syntax); repeatable
      --no-gitignore           Do not read .gitignore files (.meshlintignore still applies)
      --no-error-on-unmatched-pattern
                               A path or glob that matches nothing, or nothing to lint,
                               is a note and exit 0 instead of exit 2 (the pre-commit hooks
                               pass it). A run whose every path is ignored always passes,
                               with a note
      --stdin-filename NAME    Name to report standard input under
      --report-unused-disable-directives
                               Report suppressions that suppress nothing, as errors
      --baseline FILE          Report only findings not recorded in FILE; say how many
                               known ones are not shown (default: the config's baseline)
      --write-baseline FILE    Record today's findings in FILE and exit 0: adopt meshlint
                               now, fix the known findings later. A finding stays matched
                               when its lines move
      --print-config FILE      Print the configuration in force for FILE and exit
      --stats                  Print what was linted and what was skipped, and why
      --cache                  Keep the report and each file's documents for the next run
                               (.meshlintcache): an unchanged run prints the same report
                               again, a changed file is parsed again, facts are rechecked
      --cache-location PATH    The cache file, or a folder to keep it in
      --cache-strategy S       How a file counts as changed: metadata (size and time, the
                               default) or content (its digest: for CI, where a checkout
                               sets every time)
      --concurrency N          Threads that parse the inputs: auto (default: every core,
                               for inputs of 4 MB or more), off, or a number
      --context PATH           Read PATH (file or directory) for facts only: Namespaces,
                               injection webhooks, mesh config. Nothing is reported on
                               it; repeatable. For hooks that pass only changed files
      --no-repository-context  Do not read the rest of the repository the inputs lie in
                               (the folder holding .git, else the config's folder) for
                               facts. Read by default: what the inputs and --context
                               define wins over it
      --color, --no-color      Force colours on or off (default: on for a terminal,
                               unless NO_COLOR is set; FORCE_COLOR=1 or 0 decides first)

Charts and overlays (rendered with your helm, kubectl or kustomize; findings are
reported on the template or source file you edit):
      --helm-chart DIR         Render this chart with helm template; repeatable
      --render-charts          Render the charts that hold the files and folders named
                               (or met in them) with their own values, instead of
                               reporting them as unrendered
      --charts DIR             Charts that Flux HelmReleases and Argo CD Applications
                               deploy, as helm pull writes them (NAME-VERSION.tgz or
                               NAME/); those releases are rendered with their values,
                               into their namespace. meshlint charts lists the missing
      --render-overlays        Build the top-level Kustomize overlays met in the folders
                               named (those no other kustomization uses) and lint what
                               they deploy; the files they name are linted through them
      --values FILE            Values file for every render; repeatable
      --values-set A,B         One render with these values files; repeat for a matrix.
                               A finding several renders share is reported once
      --set KEY=VALUE          Passed to helm template; repeatable
      --release NAME           Release name (default: release-name, as helm template)
                               (--namespace is passed to helm as the release namespace)
      --kube-version V         Passed to helm template
      --api-versions GV        Passed to helm template; repeatable
      --helm-binary PATH       The helm binary to use (default: $MESHLINT_HELM, else helm
                               on PATH); a repository's config cannot name one
      --kustomize DIR          Build this overlay; repeatable
      --kustomize-binary PATH  kustomize or kubectl (default: $MESHLINT_KUSTOMIZE, else
                               kustomize, else kubectl, on PATH)
      --render-budget SECONDS  The time all renders of the run may take together
                               (default: 300); a repository's config cannot change it
  -h, --help                   Show this help
  -v, --version                Show the version

Exit codes: 0 no errors (and warnings within --max-warnings), 1 lint errors,
2 usage, configuration or I/O failure.

Examples:
  meshlint k8s/                                 lint a directory
  meshlint --helm-chart ./chart --values-set values.yaml --values-set values-prod.yaml
  meshlint --kustomize overlays/prod
  meshlint -f sarif -o meshlint.sarif manifests/
  meshlint --context . changed.yaml             lint one file, Namespaces from the repo
  meshlint --rule duplicate-key=warn --istio-version 1.26 deploy.yaml
  meshlint explain k8s/ --resource Deployment/shop/web
  meshlint facts k8s/ --context cluster/        what is known, what is missing
  meshlint diff origin/main                     what this branch does to the mesh
`;

/** The options explain and facts share: which inputs, config and facts they read. */
const READING_OPTIONS = `  -c, --config FILE            Use this config file (default: the nearest .meshlint.yaml)
  -n, --namespace NS           Namespace for objects that declare none
      --istio-version V        Istio version to predict for (e.g. 1.26)
      --context PATH           Read PATH for facts only (Namespaces, webhooks, mesh config)
      --helm-chart DIR, --kustomize DIR, --values FILE, ...
                               Render charts and overlays as for linting (meshlint --help)
`;

/** Each command's own --help. */
export const COMMAND_HELP = {
  rules: `Usage: meshlint rules [--format json] [--config FILE] [--rule ID=LEVEL]...

Lists every rule: its id, the level it runs at under the config in force (and --rule),
the data plane it concerns (sidecar, ambient or both), whether --fix fixes it or it
suggests an edit, and what it checks.

Options:
  -f, --format NAME            text (stylish, the default) or json: one object per rule
                               with id, level, options, type, category, dataPlane,
                               fixable, hasSuggestions, description and url
  -c, --config FILE            Use this config file (default: the nearest .meshlint.yaml)
      --rule ID=LEVEL          Set a rule's level (off, warn, error, or 0, 1, 2); repeatable
  -h, --help                   Show this help
`,
  explain: `Usage: meshlint explain [file|dir|glob|-] ... [--resource KIND/NS/NAME] [options]

For each workload (an object with a pod template): will Istio inject a sidecar, and why,
step by step, with the Istio source behind each step; then how the sidecar starts, holds
the app and captures traffic. Reports no findings: exits 0, or 2 when --resource matches
no workload.

Options:
      --resource KIND/NS/NAME  Only this workload (also NS/NAME or NAME)
  -f, --format NAME            text (stylish, the default), json, or markdown: the mesh
                               map (each namespace, its mesh labels and where they come
                               from, a table of its workloads; then the coverage)
${READING_OPTIONS}  -o, --output-file FILE       Write the explanation to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
  facts: `Usage: meshlint facts [file|dir|glob|-] ... [options]

What meshlint knows of the cluster the inputs go to, and where each fact comes from:
  - each namespace: its labels and the file:line that defines it, "config file", or
    "not defined: unknown" for one a workload uses that nothing defines;
  - the Istio version, and the revisions and tags the injector webhooks serve;
  - each revision's install: injector policy, native sidecars, hold, Istio CNI, each
    with its source, "Istio's default" (the install among the inputs leaves it out)
    or "unknown" (no install of that revision among the inputs);
  - each unknown, with the workloads it leaves undecided and how to state it.
Reports no findings: exits 0.

Options:
  -f, --format NAME            text (stylish, the default) or json: an object with
                               istioVersion, namespaces, webhooks, installs, unknowns and
                               notes (README: "meshlint facts")
${READING_OPTIONS}  -o, --output-file FILE       Write the report to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
  diff: `Usage: meshlint diff BASE [HEAD] [--path PATH]... [options]

What a change does to the mesh. BASE and HEAD are each a directory or a git revision of the
repository the current directory is in (HEAD by default: the working tree, the current
directory as it is; with --staged, the staged files). A branch as BASE (main, origin/main)
is compared from where HEAD left it, their merge base, as git diff main...HEAD reads; the
header says so. BASE may be a range: A...B (from their merge base to B) or A..B (A to B).
Before a repository's first commit, HEAD is the empty tree. A revision is read with git
(ls-tree, cat-file) into a temporary directory, removed afterwards, linking the files the
working tree holds alike; one the working tree holds as it is (a clean checkout) is linted
there. The checkout, the index and the worktrees are never changed. Both sides are linted
the same way: the same --path, --context, --config, charts and overlays, each path read
relative to the side's folder that stands for the current
directory; each side reads the config files it holds. Reports:
  - each workload (matched by kind, namespace, name and pod template) whose outcome changed:
    sidecar gained or lost, injecting revision, ambient capture, waypoint, start-up (native
    sidecar, hold), Pod Security admission, unknown and known; with the reason on each side
    and the line to look at (its namespace's labels when the change relabelled them, the
    workload when the change is its own, else the install setting behind it, among the inputs
    or in the config); workloads added and removed;
  - findings new, fixed and unchanged, matched by the fingerprint --baseline uses (a moved
    file's findings are unchanged).
Exits 1 when the change does what the config's diff.failOn lists (new-error: a new finding
at level error, the default; sidecar-lost: a workload loses its sidecar), else 0; 2 when a
side is neither a directory nor a revision.

Options:
      --path PATH              Lint only PATH on each side (repeatable; default: all of it)
      --staged                 HEAD is the staged files (git's index: what a commit made now
                               would hold), not the working tree
  -f, --format NAME            text (stylish, the default), json, sarif (HEAD's new findings
                               only, for code scanning) or markdown (a job summary)
${READING_OPTIONS}      --render-charts, --render-overlays
                               Render the charts and overlays met, on both sides
  -o, --output-file FILE       Write the report to FILE
      --color, --no-color      Force colours on or off
  -h, --help                   Show this help
`,
} as const;
