/** The distinct ids among `values`, nulls left out (the ids a batch of notification rows names). */
export const unique = (values: (string | null)[]): string[] => [...new Set(values.filter((v): v is string => !!v))];
