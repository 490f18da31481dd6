"""The tables: one package per game (``game/ui/tables/<game_id>/``, its ``__init__``
exporting ``Table``), the shared trick-taking pieces (``trick/``) and what every table
uses (``base``, ``seats``, ``hand_input``). Which table a game has is declared with the
game in ``game.games`` (``GameDef.table_module``)."""
