#!/bin/sh
# Adds Parlour to your applications menu (for you only, nothing needs root).
# Run it from the unpacked Parlour folder:   ./install-desktop-entry.sh
# After moving the folder, run it again. To take the entry out:
#   ./install-desktop-entry.sh --remove
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-}
case "$data" in
    /*) ;;
    *) data="$HOME/.local/share" ;;  # unset or relative: the XDG default
esac
entry="$data/applications/parlour.desktop"
icon="$data/icons/hicolor/256x256/apps/parlour.png"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "Parlour is no longer in the applications menu."
    exit 0
fi
if [ ! -x "$here/Parlour" ] || [ ! -f "$here/parlour.desktop" ]; then
    echo "Run this script from the unpacked Parlour folder (Parlour and parlour.desktop are missing here)." >&2
    exit 1
fi
case "$here" in
    *'"'* | *'`'* | *'$'* | *'\'* | *'%'*)
        echo "The folder's path ($here) holds a character a menu entry cannot carry" \
            '(" ` $ \ %): move the Parlour folder and run this again.' >&2
        exit 1
        ;;
esac

mkdir -p "$data/applications" "$(dirname "$icon")"
cp "$here/parlour.png" "$icon"
{
    grep -v -e '^Exec=' -e '^Icon=' "$here/parlour.desktop"
    printf 'Exec="%s/Parlour"\n' "$here"
    printf 'Icon=%s\n' "$icon"
} > "$entry.new"
mv "$entry.new" "$entry"
if command -v update-desktop-database > /dev/null 2>&1; then
    update-desktop-database "$data/applications" > /dev/null 2>&1 || true
fi
echo "Parlour is in the applications menu ($entry)."
