# fish completion for rings. Commands and options are read from the program's own --help at
# completion time, as completion/rings.bash does, so they are always those of the rings being
# completed.

# The names listed in one section ("Subcommands" or "Options") of `rings WORDS... --help`.
function __rings_help_names --argument-names section
    $argv[2..-1] --help 2>/dev/null | awk -v section="$section:" '
        /^[A-Z][A-Za-z ]*:$/ { in_section = ($0 == section); next }
        in_section && /^  [^ ]/ {
          if (section == "Options:") {
            n = split($1, names, ",")
            for (i = 1; i <= n; i++) print names[i]
          } else {
            print $1
          }
        }'
end

function __rings_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    # Descend through the commands given so far (rings plot path ...): each must be a
    # subcommand of the one before.
    set -l cmd $tokens[1]
    for word in $tokens[2..-1]
        string match -q -- '-*' $word; and continue
        if contains -- $word (__rings_help_names Subcommands $cmd)
            set -a cmd $word
        end
    end

    switch $tokens[-1]
        case --notation
            printf '%s\n' binary ring1-first decimal cleve
            return
        case --format
            if test "$cmd[2]" = verify
                printf '%s\n' moves toggles states
            else
                printf '%s\n' moves toggles states json
            end
            return
        case --puzzle
            # The catalogue, from the program: any other key of a puzzle is typed.
            $cmd[1] puzzles --names 2>/dev/null
            return
        case -o --output --save --load
            __fish_complete_path $cur
            return
    end

    if string match -q -- '@*' $cur  # a state read from a file
        __fish_complete_path (string sub -s 2 -- $cur) | string replace -r '^' '@'
    else if string match -q -- '-*' $cur
        __rings_help_names Options $cmd
    else
        set -l commands (__rings_help_names Subcommands $cmd)
        if set -q commands[1]
            printf '%s\n' $commands
        else if test "$cmd[2]" = verify  # the move list's FILE
            __fish_complete_path $cur
        end
    end
end

complete -c rings -f -a '(__rings_complete)'
