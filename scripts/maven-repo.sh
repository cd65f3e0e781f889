#!/usr/bin/env bash
# Which Maven repository the Java build uses, printed as one word:
#   central  Maven's own default (a plain Maven project: no settings forced on anyone);
#   debian   Debian's packaged repository, offline (/usr/share/maven-repo through
#            /etc/maven/settings-debian.xml, from maven-debian-helper), for machines that reach no
#            Maven Central; scripts/install-build-deps.sh installs what it needs.
# TWISTY_MAVEN=central|debian chooses; unset, Debian's is chosen only when its settings exist and
# Maven Central does not answer within 5 seconds.
set -euo pipefail
case "${TWISTY_MAVEN:-}" in
  central|debian) echo "$TWISTY_MAVEN"; exit 0 ;;
  "") ;;
  *) echo "TWISTY_MAVEN must be central or debian, not '$TWISTY_MAVEN'" >&2; exit 2 ;;
esac
if [ -f /etc/maven/settings-debian.xml ] \
   && ! timeout 5 bash -c 'exec 3<>/dev/tcp/repo.maven.apache.org/443' 2>/dev/null; then
  echo debian
else
  echo central
fi
