#!/usr/bin/env bash
# The C release as a user meets it.
#
#   scripts/dist_check.sh TARBALL VERSION
#
# Unpacks the tarball in a temporary folder and checks its layout: the library under its full
# version with the SONAME link and the development link, a SONAME naming the major version, a
# relocatable anima.pc. Then, with no Swift on PATH and no folder of this tree in the environment
# (scripts/clean_env.sh), builds every examples/c program of the tarball with the flags pkg-config
# gives and runs it, and checks that anima_version_string() is the release's version.
set -euo pipefail

tarball=$(realpath "${1:?usage: dist_check.sh TARBALL VERSION}")
version=${2:?usage: dist_check.sh TARBALL VERSION}
tree=$(pwd)
source "$tree/scripts/clean_env.sh"
cc=$(command -v "${CC:-gcc}")

clean_workspace dist-check "$tarball"
root=$work/$(basename "$tarball" .tar.gz)
major=${version%%.*}

fail() { echo "dist-check: FAILED: $*"; exit 1; }
for part in anima.h anima/animation.h anima/interaction.h; do [[ -f $root/include/$part ]] || fail "include/$part is missing"; done
[[ -f $root/lib/libanima.so.$version && ! -L $root/lib/libanima.so.$version ]] || fail "lib/libanima.so.$version is missing"
[[ $(readlink "$root/lib/libanima.so.$major") == "libanima.so.$version" ]] || fail "lib/libanima.so.$major is not a link to libanima.so.$version"
[[ $(readlink "$root/lib/libanima.so") == "libanima.so.$major" ]] || fail "lib/libanima.so is not a link to libanima.so.$major"
soname=$(readelf -d "$root/lib/libanima.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[[ $soname == "libanima.so.$major" ]] || fail "SONAME is '$soname', not libanima.so.$major"
[[ -f $root/LICENSE && -f $root/README.md ]] || fail "README.md or LICENSE is missing"

pc() { run_clean env PKG_CONFIG_PATH="$root/lib/pkgconfig" pkg-config "$@" anima; }
[[ $(pc --modversion) == "$version" ]] || fail "anima.pc says version $(pc --modversion)"
cflags=$(pc --cflags) libs=$(pc --libs) libdir=$(pc --variable=libdir)
[[ $(realpath "$libdir") == $(realpath "$root/lib") ]] || fail "anima.pc's libdir $libdir is not the tarball's lib"
echo "dist-check: $(basename "$tarball"): SONAME $soname; pkg-config --cflags --libs anima -> $cflags $libs"

cat > "$work/version.c" <<'C'
#include <anima.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    (void)argc;
    printf("%s\n", anima_version_string());
    return anima_version() == ANIMA_VERSION && strcmp(anima_version_string(), argv[1]) == 0 ? 0 : 1;
}
C
run_clean "$cc" -std=c11 -Wall -Wextra -Werror -o "$work/version" "$work/version.c" $cflags $libs -Wl,-rpath,"$libdir"
run_clean "$work/version" "$version" > /dev/null || fail "anima_version_string() is $(run_clean "$work/version" "$version"), not $version"
resolved=$(run_clean ldd "$work/version" | sed -n 's/.*libanima[^ ]* => \([^ ]*\).*/\1/p')
[[ $(realpath "$resolved") == $(realpath "$root/lib/libanima.so.$version") ]] || fail "the program loads $resolved"

passed=0
for src in "$root"/examples/c/*.c; do
    name=$(basename "$src" .c)
    run_clean "$cc" -std=c11 -Wall -Wextra -Werror -o "$work/$name" "$src" $cflags $libs -Wl,-rpath,"$libdir" -lm -pthread \
        > "$work/$name.log" 2>&1 || { cat "$work/$name.log"; fail "examples/c/$name.c does not build from the tarball"; }
    (cd "$work" && run_clean timeout 300 "$work/$name") > "$work/$name.log" 2>&1 \
        || { cat "$work/$name.log"; fail "examples/c/$name exited with an error"; }
    passed=$((passed + 1))
done
echo "dist-check: $passed C examples built with pkg-config only and passed; anima_version_string() = $version"

# The GTK adapter: anima-gtk.pc, its static library and header, and its source to compile in.
[[ -f $root/include/anima-gtk.h && -f $root/lib/libanima-gtk.a && -f $root/share/anima/gtk/anima-gtk.c ]] \
    || fail "include/anima-gtk.h, lib/libanima-gtk.a or share/anima/gtk/anima-gtk.c is missing"
gtk_pc() { run_clean env PKG_CONFIG_PATH="$root/lib/pkgconfig" pkg-config "$@"; }
[[ $(gtk_pc --modversion anima-gtk) == "$version" ]] || fail "anima-gtk.pc says version $(gtk_pc --modversion anima-gtk)"
gtk_flags=$(gtk_pc --cflags --libs anima-gtk)
demo=("$root"/examples/gtk/demo.c "$root"/examples/gtk/scenes.c)
run_clean "$cc" -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -o "$work/gtk-demo" "${demo[@]}" $gtk_flags \
    -Wl,-rpath,"$libdir" -lm > "$work/gtk-demo.log" 2>&1 || { cat "$work/gtk-demo.log"; fail "the GTK demo does not build with pkg-config anima-gtk"; }
run_clean "$cc" -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -I"$root/include" -o "$work/gtk-demo-in" "${demo[@]}" \
    "$root/share/anima/gtk/anima-gtk.c" $(gtk_pc --cflags --libs anima gtk4) -Wl,-rpath,"$libdir" -lm > "$work/gtk-demo-in.log" 2>&1 \
    || { cat "$work/gtk-demo-in.log"; fail "the GTK demo does not build with anima-gtk.c compiled in"; }
for program in gtk-demo gtk-demo-in; do
    [[ $(run_clean "$work/$program" --list | wc -l) -ge 7 ]] || fail "$program --list does not name the scenes"
done
echo "dist-check: the GTK demo built with pkg-config --libs anima-gtk (libanima-gtk.a) and with anima-gtk.c compiled in; both list their scenes"
