/**
 * A chunk fetched after first paint, once: every caller shares the one fetch. A failed fetch (a
 * dropped connection) is forgotten, so that the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
