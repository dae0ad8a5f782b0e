#compdef rings
# zsh completion for rings (installed as _rings). Commands and options are read from the
# program's own --help at completion time, as completion/rings.bash does, so they are always
# those of the rings being completed.

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
  local -a cmd commands
  local i word cur=${words[CURRENT]} prev=${words[CURRENT-1]}
  cmd=("${words[1]}")
  # Descend through the commands given so far (rings plot path ...): each must be a subcommand
  # of the one before.
  for ((i = 2; i < CURRENT; i++)); do
    word=${words[i]}
    [[ $word == -* ]] && continue
    if _rings_help_names Subcommands "${cmd[@]}" | grep -qxF -- "$word"; then
      cmd+=("$word")
    fi
  done

  case $prev in
    --notation)
      compadd -- binary ring1-first decimal cleve
      return
      ;;
    --format)
      if [[ ${cmd[2]} == verify ]]; then
        compadd -- moves toggles states
      else
        compadd -- moves toggles states json
      fi
      return
      ;;
    --puzzle)
      # The catalogue, from the program (rings puzzles): any other key of a puzzle is typed.
      compadd -- ${(f)"$("${cmd[1]}" puzzles --names 2>/dev/null)"}
      return
      ;;
    -o | --output | --save | --load)
      _files
      return
      ;;
  esac

  if [[ $cur == @* ]]; then  # a state read from a file
    compset -P @
    _files
  elif [[ $cur == -* ]]; then
    compadd -- ${(f)"$(_rings_help_names Options "${cmd[@]}")"}
  else
    commands=(${(f)"$(_rings_help_names Subcommands "${cmd[@]}")"})
    if (($#commands)); then
      compadd -- $commands
    elif [[ ${cmd[2]} == verify ]]; then  # the move list's FILE
      _files
    fi
  fi
}

_rings "$@"
