"""The project's own date formats where Django's locale differs from the language's usage
(settings.FORMAT_MODULE_PATH); whatever a module leaves out is Django's."""
