# Sourced by the release checks: a command environment as a user's machine has it, without the
# Swift toolchain and without any build folder of this tree.
#
#   clean_path          /usr/local/bin:/usr/bin:/bin and the like, less every folder holding swift
#   run_clean CMD...    runs CMD with only HOME, PATH (CLEAN_PREFIX first, if set, then clean_path),
#                       LANG and the variables that set up pip, certificates and proxies here
#   clean_workspace NAME [ARCHIVE]
#                       makes $work, a temporary folder under /tmp (never inside the tree) removed
#                       at exit, with a home for run_clean ($CLEAN_HOME); unpacks ARCHIVE there

clean_path=
for dir in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
    if [[ -d $dir && ! -e $dir/swift && ! -e $dir/swiftc ]]; then
        clean_path=${clean_path:+$clean_path:}$dir
    fi
done

run_clean() {
    local passed=()
    local name
    while IFS= read -r name; do
        passed+=("$name=${!name}")
    done < <(compgen -e | grep -E '^(PIP_[A-Z_]+|SSL_CERT_(FILE|DIR)|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY)$' || true)
    env -i HOME="${CLEAN_HOME:?}" PATH="${CLEAN_PREFIX:+$CLEAN_PREFIX:}$clean_path" LANG=C.UTF-8 \
        XDG_CACHE_HOME="${XDG_CACHE_HOME:-$HOME/.cache}" "${passed[@]}" "$@"
}

clean_workspace() {
    work=$(mktemp -d "/tmp/anima-$1.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    export CLEAN_HOME=$work/home
    mkdir -p "$CLEAN_HOME"
    if [[ -n ${2:-} ]]; then
        tar -C "$work" -xzf "$2"
    fi
}
