import { t, useMessages } from '../../lib/i18n/locale';
import { pagesMessages } from '../../lib/i18n/messages/pages';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/spinner';
import { POST_CATEGORY, usePostData } from '../../features/info/api/get-post-data';

type InfoPage = keyof typeof POST_CATEGORY;

/** About, Terms, Privacy, Return (spec §2): title and HTML body from a post. */
export function InfoRoute({ page }: { page: InfoPage }) {
  useMessages(pagesMessages);
  const { data, isPending, isError } = usePostData(POST_CATEGORY[page]);
  // Every page is headed with the title the owner gave it in the console (issue 31: the return page was headed
  // "Privacy & Policy" whatever it said, ADR 067).
  const title = data?.name ?? '';
  return (
    <div className="container page info-page">
      {title && <title>{title}</title>}
      <Breadcrumb items={[{ label: t('nav.home'), to: '/' }, { label: title || t('info.information') }]} />
      {isPending ? (
        <Loader />
      ) : isError || !data ? (
        <p className="notice notice--error" role="alert">
          {t('info.loadFailed')}
        </p>
      ) : (
        <article>
          <h1 className="page__title">{title}</h1>
          <HtmlContent html={data.description_full} />
        </article>
      )}
    </div>
  );
}

export const AboutRoute = () => <InfoRoute page="about" />;
export const TermsRoute = () => <InfoRoute page="terms" />;
export const PrivacyRoute = () => <InfoRoute page="privacy" />;
export const ReturnRoute = () => <InfoRoute page="return" />;
