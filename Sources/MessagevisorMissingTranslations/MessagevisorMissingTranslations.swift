// Placeholder for the MessagevisorMissingTranslations target; replaced by its implementation.
