; Included by electron-builder's NSIS installer (electron-builder.yml nsis.include).
; Windows picks the program for a double-clicked file by its last extension only, so the
; ".character.json" association electron-builder writes never fires for "Ayla.character.json":
; Windows sees ".json". Quartermaster is therefore added to the "Open with" list of .json files
; (OpenWithProgids), without becoming the default program for JSON.
!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\Quartermaster.CharacterJson" "" "Quartermaster character"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Quartermaster.CharacterJson\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Quartermaster.CharacterJson\shell\open\command" "" '"$appExe" "%1"'
  WriteRegStr SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "Quartermaster.CharacterJson" ""
!macroend

!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "Quartermaster.CharacterJson"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\Quartermaster.CharacterJson"
!macroend
