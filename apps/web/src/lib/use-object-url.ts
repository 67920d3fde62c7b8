import { useEffect, useMemo } from 'react';

/** An object URL for a chosen file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null | undefined) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
