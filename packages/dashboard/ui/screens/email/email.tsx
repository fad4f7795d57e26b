/** The Email screen: prefixes, received messages, the review queue; each section its own path under /email. */
import type { Session } from '../../api.js';
import { call } from '../../client.js';
import {
  ActionButton,
  Copyable,
  Empty,
  ErrorBox,
  formatTime,
  Link,
  navigate,
  Tabs,
  useLoad,
} from '../../components.js';
import { swaksCommand } from '../../commands.js';
import { textOf } from '../../paths.js';
import { Messages } from './messages.js';
import { EMAIL_SCOPE, EMAIL_SHARED, EmailWhy } from './prefix-form.js';
import { NewPrefix, PrefixPage } from './prefix-page.js';
import { ReviewQueue } from './review-queue.js';
import { plural } from '../../format.js';

const TABS = [
  { href: '/email', title: 'Prefixes' },
  { href: '/email/messages', title: 'Received messages' },
  { href: '/email/review', title: 'Review queue' },
];

function Prefixes(props: { session: Session }) {
  const list = useLoad(() => call('get', '/api/email-ingestion/config'), []);
  return (
    <>
      <EmailWhy session={props.session} />
      <ErrorBox error={list.error} />
      {list.data && list.data.total === 0 && (
        <Empty title="No prefixes yet">
          <p>
            A prefix is the part before the @ of an address this server receives mail for: documents mailed to{' '}
            <code>ap@</code>
            <em>your mail domain</em> become jobs. Create one with the button below, or through the API:
          </p>
          <Copyable
            label="Create a prefix with curl"
            text={`curl -X POST ${location.origin}/api/email-ingestion/config -H "Authorization: Bearer $INTAKE_KEY" -H "Content-Type: application/json" \\\n  -d '{"emailPrefix":"ap","defaultDocumentType":"invoice"}'`}
          />
          <p>Then mail a PDF to it, for example with swaks:</p>
          <Copyable label="Mail a document with swaks" text={swaksCommand(props.session)} />
        </Empty>
      )}
      {list.data && list.data.total > 0 && (
        <table>
          <caption>{plural(list.data.total, 'prefix', 'prefixes')}</caption>
          <thead>
            <tr>
              <th scope="col">Prefix</th>
              <th scope="col">Default type</th>
              <th scope="col">Thresholds (auto / flag / review)</th>
              <th scope="col">Rules</th>
              <th scope="col">State</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list.data.configs.map((c) => {
              const t = (c.confidenceThresholds ?? {}) as Record<string, number>;
              const prefix = textOf(c.emailPrefix);
              return (
                <tr key={prefix}>
                  <td>
                    <Link href={`/email/prefixes/${encodeURIComponent(prefix)}`}>{prefix}</Link>
                  </td>
                  <td>
                    <code>{textOf(c.defaultDocumentType)}</code>
                  </td>
                  <td>
                    {t.autoProcess} / {t.reviewFlag} / {t.humanReview}
                  </td>
                  <td>
                    {(c.classificationOverrides as unknown[]).length} overrides, {(c.routingRules as unknown[]).length}{' '}
                    routing rules
                  </td>
                  <td>{c.isActive ? 'active' : 'inactive'}</td>
                  <td>{formatTime(textOf(c.updatedAt))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {list.data && list.data.total > 0 && (
        <>
          <p>Mail a PDF to the first prefix, for example with swaks (this daemon's SMTP address and mail domain):</p>
          <Copyable
            label="Mail a document with swaks"
            text={swaksCommand(props.session, textOf(list.data.configs[0]!.emailPrefix))}
          />
        </>
      )}
      <p>
        <ActionButton
          session={props.session}
          scope={EMAIL_SCOPE}
          liveOnly={EMAIL_SHARED}
          reasonId="email-why"
          onClick={() => navigate('/email/prefixes/new')}
        >
          New prefix
        </ActionButton>
      </p>
    </>
  );
}

export function Email(props: { session: Session; path: string }) {
  const prefix = /^\/email\/prefixes\/([^/]+)$/.exec(props.path);
  if (prefix) {
    const name = decodeURIComponent(prefix[1]!);
    return name === 'new' ? (
      <NewPrefix session={props.session} />
    ) : (
      <PrefixPage session={props.session} prefix={name} />
    );
  }
  return (
    <>
      <h1>Email</h1>
      <Tabs label="Email sections" current={props.path} tabs={TABS} />
      {props.path === '/email/messages' ? (
        <Messages />
      ) : props.path === '/email/review' ? (
        <ReviewQueue session={props.session} />
      ) : (
        <Prefixes session={props.session} />
      )}
    </>
  );
}
