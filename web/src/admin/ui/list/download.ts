import { adminApi } from '../../api/client';

/**
 * Downloads an admin file (a CSV export) with the admin's token: fetched, then saved under the
 * name the server gives (Content-Disposition), else `fallbackName`.
 */
export async function downloadAdminFile(path: string, fallbackName: string): Promise<void> {
  const response = await adminApi.call(path, { method: 'GET' });
  const blob = await response.blob();
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
