import { api, type UploadOptions } from './api-client';

/** A form's parts: text as is, numbers and booleans as text, files under their own name; null or undefined parts are left out. */
export type MultipartFields = Record<string, string | number | boolean | File | readonly File[] | null | undefined>;

/** The multipart body of `fields`; several files under one name keep their order. */
export function multipartBody(fields: MultipartFields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (value instanceof File) body.append(name, value, value.name);
    else if (Array.isArray(value)) for (const file of value as readonly File[]) body.append(name, file, file.name);
    else body.append(name, String(value));
  }
  return body;
}

/** Sends `fields` as one multipart request, reporting upload progress; returns the server's answer. */
export function sendMultipart<T>(method: 'POST' | 'PUT', path: string, fields: MultipartFields, options?: UploadOptions): Promise<T> {
  return api.upload<T>(method, path, multipartBody(fields), options);
}

/** Creates at `path` (no `id`) or replaces `path/id`, as multipart. */
export function saveMultipart<T>(path: string, id: string | undefined, fields: MultipartFields, options?: UploadOptions): Promise<T> {
  return id ? sendMultipart<T>('PUT', `${path}/${encodeURIComponent(id)}`, fields, options) : sendMultipart<T>('POST', path, fields, options);
}
