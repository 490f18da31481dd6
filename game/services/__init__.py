"""The app's services, none of them drawing anything: where files live (paths), settings,
the saved game (saves), replays, statistics (stats), the crash guard, the window-instance
lock (instances), the checked file reader and writer (filecheck) and the language
catalogues (i18n). No module here imports pygame at module level."""
