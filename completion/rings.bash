# bash completion for rings. Commands and options are read from the program's own --help at
# completion time, so they are always those of the rings being completed.

# The names listed in one section ("Subcommands" or "Options") of `rings WORDS... --help`.
_rings_help_names() {
  local section=$1
  shift
  "$@" --help 2>/dev/null | awk -v section="$section:" '
    /^[A-Z][A-Za-z ]*:$/ { in_section = ($0 == section); next }
    in_section && /^  [^ ]/ {
      if (section == "Options:") {
        n = split($1, names, ",")
        for (i = 1; i <= n; i++) print names[i]
      } else {
        print $1
      }
    }'
}

_rings() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local -a cmd=("${COMP_WORDS[0]}")
  local i word
  # Descend through the commands given so far (rings plot path ...): each must be a subcommand
  # of the one before.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    [[ $word == -* ]] && continue
    if _rings_help_names Subcommands "${cmd[@]}" | grep -qxF -- "$word"; then
      cmd+=("$word")
    fi
  done

  case $prev in
    --notation)
      mapfile -t COMPREPLY < <(compgen -W "binary ring1-first decimal cleve" -- "$cur")
      return
      ;;
    --format)
      if [[ ${cmd[1]} == verify ]]; then
        mapfile -t COMPREPLY < <(compgen -W "moves toggles states" -- "$cur")
      else
        mapfile -t COMPREPLY < <(compgen -W "moves toggles states json" -- "$cur")
      fi
      return
      ;;
    --puzzle)
      # The catalogue, from the program (rings puzzles): any other key of a puzzle is typed.
      mapfile -t COMPREPLY < <(compgen -W "$("${cmd[0]}" puzzles --names 2>/dev/null)" -- "$cur")
      return
      ;;
    -o | --output | --save | --load)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
      ;;
  esac

  if [[ $cur == @* ]]; then  # a state read from a file
    mapfile -t COMPREPLY < <(compgen -f -P @ -- "${cur#@}")
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_rings_help_names Options "${cmd[@]}")" -- "$cur")
  else
    local commands
    commands=$(_rings_help_names Subcommands "${cmd[@]}")
    if [[ -n $commands ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
    elif [[ ${cmd[1]} == verify ]]; then  # the move list's FILE
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
  fi
}

complete -F _rings rings
