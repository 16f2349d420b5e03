/** Namespaces of the locale files only the server uses (mails, the back office): never sent to a browser. */
export const serverOnlyNamespaces: readonly string[] = ['mail', 'backoffice', 'documents'];
