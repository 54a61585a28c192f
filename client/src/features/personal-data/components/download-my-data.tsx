import { useMutation } from '@tanstack/react-query';
import { saveJson } from '../../../lib/save-json';
import { getOwnPersonalData } from '../api/get-personal-data';

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
