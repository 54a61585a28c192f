import { useMutation } from '@tanstack/react-query';
import { saveJson } from '../../../lib/save-json';
import { t } from '../../../lib/i18n/locale';
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
        {t('me.dataTitle')}
      </h2>
      <p>{t('me.dataText')}</p>
      <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t('me.preparing') : t('me.download')}
      </button>
      {download.isError && (
        <p className="notice notice--error" role="alert">
          {t('me.downloadFailed')}
        </p>
      )}
    </section>
  );
}
