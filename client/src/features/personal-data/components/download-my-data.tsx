import { useMutation } from '@tanstack/react-query';
import { getOwnPersonalData } from '../api/get-personal-data';

/** Saves a JSON answer as a file in the browser's downloads. */
function saveJson(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Dashboard (issue 21): "Download my data" saves everything the store holds about the customer as a JSON file. */
export function DownloadMyData() {
  const download = useMutation({
    mutationFn: getOwnPersonalData,
    onSuccess: (data) => saveJson(`tee-bazaar-my-data-${data.generated_at.slice(0, 10)}.json`, data),
  });
  return (
    <section aria-labelledby="my-data-title" className="my-data">
      <h2 id="my-data-title" className="section-title">
        Your data
      </h2>
      <p>Download everything we keep about you: your account, your orders and their addresses, as a JSON file.</p>
      <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? 'Preparing your data…' : 'Download my data'}
      </button>
      {download.isError && (
        <p className="notice notice--error" role="alert">
          Your data could not be downloaded. Please check your connection and try again.
        </p>
      )}
    </section>
  );
}
