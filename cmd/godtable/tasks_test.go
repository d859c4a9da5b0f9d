package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeSlurm is sbatch and squeue as far as gen --slurm uses them, in sh: sbatch
// starts the --wrap command once for each ID of --array (as
// SLURM_ARRAY_TASK_ID, in the background) and prints a job ID; squeue -j
// ID lists the job's tasks still running. The first job of all loses its
// first task (it never runs), as a node that dies would; the arguments of
// every sbatch go to $FAKE_SLURM/sbatch.log.
const fakeSbatch = `#!/bin/sh
set -e
array= wrap=
echo "$@" >>"$FAKE_SLURM/sbatch.log"
while [ $# -gt 0 ]; do
  case "$1" in
    --array=*) array=${1#--array=} ;;
    --wrap) shift; wrap=$1 ;;
  esac
  shift
done
n=$(cat "$FAKE_SLURM/jobs" 2>/dev/null || echo 0)
n=$((n+1)); echo $n >"$FAKE_SLURM/jobs"
: >"$FAKE_SLURM/job-$n"
first=1
for part in $(echo "$array" | tr , ' '); do
  lo=${part%-*}; hi=${part#*-}
  i=$lo
  while [ "$i" -le "$hi" ]; do
    if [ "$n" -eq 1 ] && [ "$first" -eq 1 ]; then
      first=0
    else
      SLURM_ARRAY_TASK_ID=$i sh -c "$wrap" >>"$FAKE_SLURM/tasks.log" 2>&1 &
      echo $! >>"$FAKE_SLURM/job-$n"
    fi
    i=$((i+1))
  done
done
echo "$n"
`

const fakeSqueue = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in -j) shift; id=$1 ;; esac
  shift
done
[ -f "$FAKE_SLURM/job-$id" ] || { echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1; }
for p in $(cat "$FAKE_SLURM/job-$id"); do
  kill -0 "$p" 2>/dev/null && echo RUNNING
done
exit 0
`

// localLaunch runs a pass's tasks on this machine at once, as a
// Kubernetes Indexed Job would, one JOB_COMPLETION_INDEX each; on each
// pass's first try it leaves out index 1 (a pod that never ran).
const localLaunch = `#!/bin/sh
i=0; pids=
while [ "$i" -lt "$GODTABLE_TASKS" ]; do
  if [ "$GODTABLE_TRY" -gt 1 ] || [ "$i" -ne 1 ] || [ "$GODTABLE_TASKS" -eq 1 ]; then
    JOB_COMPLETION_INDEX=$i sh -c "$GODTABLE_TASK" &
    pids="$pids $!"
  fi
  i=$((i+1))
done
fail=0
for p in $pids; do wait "$p" || fail=1; done
exit $fail
`

// gen --slurm and gen --launch run the search on disk's passes as tasks
// ("godtable task", one a chunk, at once), run again the tasks that left no
// result (a task that never ran), and write a table byte for byte the
// build in memory's (--no-facts), leaving no work directory. Under
// --slurm, sbatch and squeue are the shell scripts above (.ci/slurm runs
// a real cluster); each job asks for the build's memory.
func TestGenTasks(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds the command, and runs its tasks as processes")
	}
	dir := t.TempDir()
	build(t, dir, ".")
	bin := filepath.Join(dir, "godtable")
	def := filepath.Join("testdata", "cycles11.tws")
	run := func(env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("godtable %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	mem := filepath.Join(dir, "mem.gdt")
	run(nil, "gen", def, "-o", mem, "--no-facts", "--quiet")
	want, err := os.ReadFile(mem)
	if err != nil {
		t.Fatal(err)
	}
	fake := filepath.Join(dir, "slurm")
	if err := os.MkdirAll(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"sbatch": fakeSbatch, "squeue": fakeSqueue, "scancel": "#!/bin/sh\n", "launch": localLaunch} {
		if err := os.WriteFile(filepath.Join(fake, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, way := range [][]string{{"--slurm", "--sbatch", "--partition=test --time=10"}, {"--launch", filepath.Join(fake, "launch")}} {
		out := filepath.Join(dir, strings.TrimPrefix(way[0], "--")+".gdt")
		work := filepath.Join(dir, way[0]+".work")
		args := append([]string{"gen", def, "-o", out, "--mem", "48M", "--workers", "1", "--work", work, "--no-facts", "--quiet"}, way...)
		said := run([]string{"PATH=" + fake + string(os.PathListSeparator) + os.Getenv("PATH"), "FAKE_SLURM=" + fake}, args...)
		if !strings.Contains(said, "left no result") || !strings.Contains(said, "running them again") {
			t.Errorf("%s: gen does not say it ran a lost task again:\n%s", way[0], said)
		}
		if !strings.Contains(said, " tasks (one wrote at most ") {
			t.Errorf("%s: no level ran as tasks:\n%s", way[0], said)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%s: the table differs from the build in memory's (%d bytes, want %d)", way[0], len(got), len(want))
		}
		if _, err := os.Stat(work); !os.IsNotExist(err) {
			t.Fatalf("%s: the work directory is left: %v", way[0], err)
		}
	}
	log, err := os.ReadFile(filepath.Join(fake, "sbatch.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"--mem=48M", "--partition=test", "--time=10", "--array=0-3", "--array=0 "} {
		if !strings.Contains(string(log), w) {
			t.Errorf("no sbatch was given %s:\n%s", w, log)
		}
	}
}
