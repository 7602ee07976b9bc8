/**
 * Messages (/messages and /messages/{conversationId}), for every signed-in user: the
 * conversation list (listing photo and name, the other party, the last message, unread count)
 * and the open conversation's thread with a form to write. From `lg` up both sit side by side;
 * below it they are two screens: the list at /messages, the open thread at /messages/{id} with
 * "Back to conversations" (browser back works the same). Names and titles wrap rather than being
 * cut, so nothing is wider than a 320 px screen. New messages appear without a
 * reload (the message stream refreshes the queries, useMessageStream in the navigation bar).
 * Every text is rendered as text, never HTML. A received message's scam warnings sit under it
 * (decision 0028). A thread is headed by its car (photo, name, price, listing state, a link to
 * the listing) and its deal (`renderDeal`: the offer and the viewing with the actions of the side
 * that may act, composed by the app from the offers and orders features; decision 0048). Every
 * time, in the list, a preview or a message, is in the reader's words and time zone, never
 * ISO 8601 text.
 */
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link, NavLink, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '#web/components/error-message';
import { VerificationBadges } from '#web/components/verification-badges';
import { LoadMoreButton } from '#web/components/load-more-button';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { listingStates } from '#contract/listing-state';
import {
  messageMaxLength,
  messageTexts,
  noteParts,
  type Conversation,
  type ConversationDeal,
} from '#contract/messages';
import { formatDollars } from '#contract/money';
import { dayTimeFormat, LocalTime } from '#web/components/local-time';
import { paths } from '#web/lib/paths';
import { useBlockConversation, useConversations, useSendMessage, useThread } from '../api/messages';
import { MessageWarnings } from '../components/message-warnings';
import { ProofOfWorkStatus, useProofOfWork, withProofOfWork } from '#web/lib/use-proof-of-work';

/**
 * A message's text with the instant it names (`at`, a viewing note's time) in the reader's words
 * and time zone; the text as it is when it names none.
 */
function NoteText({ text, at }: { text: string; at: string | null }) {
  const parts = at ? noteParts(text) : null;
  if (!at || !parts) return <>{text}</>;
  return (
    <>
      {parts.before}
      <LocalTime value={at} format={dayTimeFormat} />
      {parts.after}
    </>
  );
}

/** What the thread shows of its deal: the conversation and the deal, from the thread's answer. */
export type RenderDeal = (thread: {
  conversation: Conversation;
  deal: ConversationDeal;
}) => ReactNode;

export function MessagesRoute({ renderDeal }: { renderDeal?: RenderDeal } = {}) {
  const { conversationId } = useParams();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageTitle title="Messages" />
      <h1 className="mb-6 text-3xl font-bold">Messages</h1>
      {/* One column below lg whose width is the screen's, whatever the texts' lengths. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={conversationId ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          <ConversationList />
        </div>
        {conversationId ? (
          <Thread key={conversationId} conversationId={conversationId} renderDeal={renderDeal} />
        ) : (
          <p className="hidden self-center text-center text-base-content/70 lg:block">
            Choose a conversation.
          </p>
        )}
      </div>
    </section>
  );
}

/** The history state of a conversation opened from the list. */
const fromListState = { fromList: true } as const;

/**
 * "Back to conversations" (shown below lg, where the thread is a screen of its own): a link to
 * /messages; when the thread was opened from the list it goes back in history instead, so the
 * list keeps its scroll position and back does not return to the thread.
 */
function BackToList() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromList = (location.state as typeof fromListState | null)?.fromList === true;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!fromList) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link
      to={paths.messages.href()}
      onClick={handleClick}
      className="btn -ml-2 self-start btn-ghost btn-sm lg:hidden"
    >
      <span aria-hidden="true">←</span> Back to conversations
    </Link>
  );
}

function ConversationList() {
  const conversations = useConversations();
  if (conversations.isPending) return <ProgressBar label="Loading your conversations" />;
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];
  if (conversations.error && items.length === 0) {
    return <ErrorMessage error={conversations.error} />;
  }
  if (items.length === 0) return <p className="py-6 text-lg">{messageTexts.empty}</p>;
  return (
    <nav aria-label="Conversations">
      <ul className="flex flex-col gap-2">
        {items.map((conversation) => (
          <li key={conversation._id}>
            <ConversationLink conversation={conversation} />
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={conversations.hasNextPage}
        isFetchingNextPage={conversations.isFetchingNextPage}
        fetchNextPage={conversations.fetchNextPage}
        className="mt-4"
      />
    </nav>
  );
}

function ConversationLink({ conversation }: { conversation: Conversation }) {
  const unread = conversation.unread_count;
  return (
    <NavLink
      to={paths.conversation.href(conversation._id)}
      // The thread's back link returns here through history (so forward works too).
      state={fromListState}
      data-testid="conversation"
      className={({ isActive }) =>
        `flex items-center gap-3 rounded-box border p-3 ${
          isActive ? 'border-primary bg-base-200' : 'border-base-300 bg-base-100'
        }`
      }
    >
      <img
        src={conversation.product.product_image}
        alt=""
        className="size-12 shrink-0 rounded-box object-cover"
        width={48}
        height={48}
        loading="lazy"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold break-words">{conversation.product.product_name}</span>
        <span className="flex items-center gap-1 text-sm break-words">
          {conversation.other_party.name}
          <VerificationBadges verification={conversation.other_party.verification} compact />
        </span>
        {conversation.last_message && (
          <>
            <span className="block truncate text-sm text-base-content/70" data-testid="preview">
              {conversation.last_message.mine ? 'You: ' : ''}
              <NoteText text={conversation.last_message.text} at={conversation.last_message.at} />
            </span>
            <LocalTime
              value={conversation.last_message.sent_at}
              format={dayTimeFormat}
              className="block text-xs text-base-content/70"
            />
          </>
        )}
      </span>
      {unread > 0 && (
        <span className="badge shrink-0 badge-primary" aria-label={`${unread} unread`}>
          {unread}
        </span>
      )}
    </NavLink>
  );
}

function Thread({
  conversationId,
  renderDeal,
}: {
  conversationId: string;
  renderDeal: RenderDeal | undefined;
}) {
  const thread = useThread(conversationId);
  const send = useSendMessage(conversationId);
  // The caller's first message here may need a proof of work (decision 0044): solved when they
  // start writing, or after the server asks for it.
  const proofOfWork = useProofOfWork({ auto: false });
  const block = useBlockConversation(conversationId);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState('');
  // Below lg the list that held the focus is gone: the thread's heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(thread.data);
  useEffect(() => {
    if (loaded && !window.matchMedia('(min-width: 1024px)').matches) heading.current?.focus();
  }, [loaded]);

  if (thread.isPending) return <ProgressBar label="Loading the conversation" />;
  if (!thread.data) return <ErrorMessage error={thread.error} />;
  const { conversation, messages, deal } = thread.data;
  const car = conversation.product;
  // The caller wrote nothing on the first page: likely their first message (the server decides).
  const firstOfMine = !messages.some((message) => message.mine);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    try {
      await withProofOfWork(proofOfWork, (proof) => send.mutateAsync({ text, proof }), {
        upfront: firstOfMine,
      });
      setText('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The message was not sent');
    }
  };

  return (
    <article className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <BackToList />
      <header className="flex flex-wrap items-start gap-3">
        <img
          src={car.product_image}
          alt=""
          className="size-16 shrink-0 rounded-box object-cover"
          width={64}
          height={64}
        />
        <div className="min-w-0 flex-1 basis-48">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold break-words outline-none"
            data-testid="thread-title"
          >
            {car.product_name}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="thread-car">
            <span className="font-semibold">{formatDollars(car.resell_price)}</span>
            <span className="badge badge-sm">{listingStates[car.listing_status].publicLabel}</span>
            {listingStates[car.listing_status].hasPage && (
              <Link className="link inline-block py-1" to={paths.listing.href(car.product_id)}>
                See the listing
              </Link>
            )}
          </p>
          <p className="text-sm break-words" data-testid="thread-party">
            with {conversation.other_party.name}
          </p>
          <VerificationBadges verification={conversation.other_party.verification} />
        </div>
        {(!conversation.blocked || conversation.blocked_by_me) && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={block.isPending}
            onClick={() => block.mutate(!conversation.blocked)}
          >
            {conversation.blocked ? 'Unblock' : 'Block'}
          </button>
        )}
      </header>
      {renderDeal && (deal.offer || deal.booking) && (
        <section aria-label="The deal" className="flex flex-col gap-3" data-testid="thread-deal">
          {renderDeal({ conversation, deal })}
        </section>
      )}
      <ol className="flex flex-col gap-2" aria-label="Messages" aria-live="polite">
        {[...messages].reverse().map((message) => (
          <li
            key={message._id}
            data-testid="message"
            className={`max-w-[85%] rounded-box px-3 py-2 break-words whitespace-pre-wrap ${
              message.kind !== 'text'
                ? 'self-center border border-base-300 text-center text-sm'
                : message.mine
                  ? 'self-end bg-primary text-primary-content'
                  : 'self-start bg-base-200'
            }`}
          >
            <span className={message.kind !== 'text' ? 'font-medium' : 'sr-only'}>
              {message.mine ? 'You: ' : `${conversation.other_party.name}: `}
            </span>
            <NoteText text={message.text} at={message.at} />
            <LocalTime
              value={message.sent_at}
              format={dayTimeFormat}
              className="mt-1 block text-xs opacity-80"
            />
            <MessageWarnings message={message} />
          </li>
        ))}
      </ol>
      {conversation.blocked ? (
        <p role="status" className="text-base-content/80">
          {messageTexts.blocked}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
          <label className="font-medium" htmlFor="message-text">
            Message
          </label>
          <textarea
            id="message-text"
            className="textarea w-full"
            rows={3}
            maxLength={messageMaxLength}
            required
            value={text}
            onChange={(event) => setText(event.target.value)}
            onFocus={() => {
              if (firstOfMine) proofOfWork.start();
            }}
          />
          <ProofOfWorkStatus state={proofOfWork.state} />
          {failure && (
            <p role="alert" className="text-error">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn self-end btn-primary"
            disabled={send.isPending || text.trim() === ''}
          >
            {messageTexts.send}
          </button>
        </form>
      )}
    </article>
  );
}
