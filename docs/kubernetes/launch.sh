#!/bin/sh
# gen --launch for Kubernetes: runs one pass's tasks as an Indexed Job
# (job.yaml beside this script) and returns when the job has ended.
#
#   godtable gen DEF.tws -o /work/T.gdt --mem 8G --work /work/T.work \
#     --launch 'TASK_MEMORY=9Gi TASK_CPUS=4 docs/kubernetes/launch.sh'
#
# gen gives GODTABLE_WORK, GODTABLE_LEVEL, GODTABLE_PASS, GODTABLE_CHUNKS,
# GODTABLE_TASKS and GODTABLE_TRY; kubectl must reach the cluster. A job
# whose pods fail ends too: gen reads which chunks left no result and
# launches them again.
set -eu
: "${TASK_MEMORY:?give TASK_MEMORY, at least gen's --mem (9Gi)}" "${TASK_CPUS:=1}"
JOB_NAME=$(printf 'godtable-%02d-%s-%s' "$GODTABLE_LEVEL" "$GODTABLE_PASS" "$GODTABLE_TRY")
export JOB_NAME TASK_MEMORY TASK_CPUS
here=$(dirname "$0")
envsubst <"$here/job.yaml" | kubectl apply -f -
# Complete, or failed (some index past its retries): either way the job
# has ended, and gen looks at the results.
while :; do
  state=$(kubectl get job "$JOB_NAME" -o jsonpath='{.status.conditions[*].type}')
  case " $state " in *" Complete "* | *" Failed "*) break ;; esac
  sleep 5
done
kubectl delete job "$JOB_NAME" --wait=false >/dev/null
