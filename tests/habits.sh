#!/usr/bin/env bash
# The habits the build cannot see: every commit since the rule began has a subject of at most 72
# characters and a body (the why). Run by './spotcast test' after the Maven suite.
set -euo pipefail
cd "$(dirname "$0")/.."
SINCE=6a4b5b7   # the last commit before the rule (issue 28)
range="$SINCE..HEAD"
if ! git rev-parse -q --verify "$SINCE^{commit}" >/dev/null 2>&1; then
  # A shallow clone: check what it has of the rule's time, the last commit.
  echo "habits: commit $SINCE is not in this clone (shallow?); checking HEAD only"
  range="-1 HEAD"
fi
bad=0
while read -r commit; do
  subject=$(git log -1 --format=%s "$commit")
  if [ "${#subject}" -gt 72 ]; then
    echo "habits: ${commit:0:8}: the subject has ${#subject} characters (at most 72): $subject" >&2
    bad=1
  fi
  if [ -z "$(git log -1 --format=%b "$commit" | tr -d '[:space:]')" ]; then
    echo "habits: ${commit:0:8}: no body saying why: $subject" >&2
    bad=1
  fi
done < <(git rev-list --no-merges $range)
[ "$bad" = 0 ] && echo "habits: commit messages ($range): short subjects, each with a body"
exit "$bad"
