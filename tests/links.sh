# tests/links.sh - the Markdown link checker that 55-docs.sh runs on the
# repository's documents and 70-install.sh on the installed ones: sourced
# by a suite (bash), it defines links, anchors and check_links.

# links FILE: prints the link targets of a Markdown file, one a line:
# [text](target) and <img src="target">, outside fenced code blocks and
# inline code spans.
links() {
    LC_ALL=C awk '
        /^[[:space:]]*```/ { fence = !fence; next }
        fence { next }
        {
            line = $0
            gsub(/`[^`]*`/, "", line)
            s = line
            while (match(s, /\]\([^)[:space:]]+/)) {
                print substr(s, RSTART + 2, RLENGTH - 2)
                s = substr(s, RSTART + RLENGTH)
            }
            s = line
            while (match(s, /src="[^"]+"/)) {
                print substr(s, RSTART + 5, RLENGTH - 6)
                s = substr(s, RSTART + RLENGTH)
            }
        }' "$1"
}

# anchors FILE: the anchors of a Markdown file's headings, as GitHub makes
# them: lower case, everything but letters, digits, '_', '-' and spaces
# dropped, spaces turned into '-'.  Headings are expected in ASCII; other
# bytes are dropped like punctuation.
anchors() {
    LC_ALL=C awk '
        /^[[:space:]]*```/ { fence = !fence; next }
        fence { next }
        /^#+ / {
            h = $0
            sub(/^#+ +/, "", h)
            sub(/ +#+ *$/, "", h)
            h = tolower(h)
            gsub(/[^a-z0-9 _-]/, "", h)
            gsub(/ /, "-", h)
            print h
        }' "$1"
}

# check_links FILE...: one line "FILE: broken link TARGET (why)" per broken
# link; returns 1 when there was one.
check_links() {
    local f target path anchor dir rc=0
    for f in "$@"; do
        dir=$(dirname "$f")
        while IFS= read -r target; do
            case "$target" in
                http://* | https://* | mailto:*) continue ;;
            esac
            path=${target%%#*}
            anchor=
            [[ "$target" == *#* ]] && anchor=${target#*#}
            if [ -z "$path" ]; then
                path=$f
            else
                path=$dir/$path
            fi
            if [ ! -e "$path" ]; then
                echo "$f: broken link $target (no file $path)"
                rc=1
            elif [ -n "$anchor" ]; then
                if [[ "$path" != *.md ]]; then
                    echo "$f: broken link $target (anchor into a file that is not Markdown)"
                    rc=1
                elif ! anchors "$path" | grep -qxF -- "$anchor"; then
                    echo "$f: broken link $target (no heading with anchor #$anchor in $path)"
                    rc=1
                fi
            fi
        done < <(links "$f")
    done
    return $rc
}
