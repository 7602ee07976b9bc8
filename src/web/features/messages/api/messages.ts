/**
 * Messages (contract src/contract/messages.ts), for the signed-in user:
 * - `useConversations()`: GET /api/conversations, latest first, a page at a time;
 * - `useThread(id)`: GET /api/conversations/{id}/messages (first page, newest first; reading it
 *   marks the conversation read, so the list and the badge refresh after it);
 * - `useSendMessage(id)`: POST /api/conversations/{id}/messages `{text, proof_of_work?}`;
 * - `useStartConversation()`: POST /api/conversations `{product_id, text, proof_of_work?}` →
 *   `{conversation_id}` (`proof`: a solved challenge for a first message, decision 0044);
 * - `useBlockConversation(id)`: PATCH /api/conversations/{id}/block `{blocked}`;
 * - `useUnreadCount()`: GET /api/messages/unread-count → `{unread}` (the navigation badge);
 * - `useMessageStream()`: keeps GET /api/messages/stream open and refreshes all of the above when
 *   a message arrives, reconnecting after the server ends the stream or the network drops.
 */
import { useEffect } from 'react';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReportReason } from '#contract/accountability';
import * as apiRoutes from '#contract/route-table';
import { apiCall, apiPage, apiStream } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

function useUid(): string {
  const { user, loading } = useAuth();
  return loading ? '' : (user?.uid ?? '');
}

const refreshMessages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });

const conversationsQueryOptions = (uid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messages.conversations(uid),
    queryFn: ({ pageParam, signal }) =>
      apiPage(apiRoutes.listConversations, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: uid !== '',
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions(useUid()));
}

export function useThread(conversationId: string | undefined) {
  const uid = useUid();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.messages.thread(uid, conversationId ?? ''),
    queryFn: async ({ signal }) => {
      const thread = await apiCall(apiRoutes.listMessages, {
        params: { id: conversationId! },
        signal,
      });
      // Reading marked it read: the list's unread counts and the badge change.
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations(uid) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread(uid) });
      return thread;
    },
    enabled: uid !== '' && Boolean(conversationId),
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, proof }: { text: string; proof?: string }) =>
      apiCall(apiRoutes.sendMessage, {
        params: { id: conversationId },
        body: { text, ...(proof ? { proof_of_work: proof } : {}) },
      }),
    onSettled: () => refreshMessages(queryClient),
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; text: string; proof?: string }) =>
      apiCall(apiRoutes.startConversation, {
        body: {
          product_id: input.productId,
          text: input.text,
          ...(input.proof ? { proof_of_work: input.proof } : {}),
        },
      }),
    onSettled: () => refreshMessages(queryClient),
  });
}

export function useBlockConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiCall(apiRoutes.blockConversation, { params: { id: conversationId }, body: { blocked } }),
    onSettled: () => refreshMessages(queryClient),
  });
}

export function useUnreadCount() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.messages.unread(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.unreadMessages, { signal }),
    enabled: uid !== '',
  });
}

/** Waits `ms` milliseconds unless `signal` aborts first. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the signed-in user's message stream open while mounted; every `message` event refreshes
 * the conversation list, the open thread and the badge. Reconnects after 1 s when the server
 * ends the stream, backing off to 30 s while it fails.
 */
export function useMessageStream(): void {
  const uid = useUid();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let delay = 1000;
      while (!signal.aborted) {
        try {
          const response = await apiStream(apiRoutes.messageStream, { signal });
          delay = 1000;
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            const events = buffer.split('\n\n');
            buffer = events.pop() ?? '';
            if (events.some((event) => event.startsWith('event: message'))) {
              void refreshMessages(queryClient);
            }
          }
        } catch {
          if (signal.aborted) return;
          delay = Math.min(delay * 2, 30_000);
        }
        await pause(delay, signal);
      }
    })();
    return () => controller.abort();
  }, [uid, queryClient]);
}

/**
 * Reports a message the caller received into moderation (decision 0028): a DSA notice with a
 * reason and an optional note; the server keeps the conversation excerpt.
 */
export function useReportMessage(messageId: string) {
  return useMutation({
    mutationFn: (notice: { reason: ReportReason; note: string }) =>
      apiCall(apiRoutes.reportMessage, {
        params: { id: messageId },
        body: { reason: notice.reason, note: notice.note || undefined },
      }),
  });
}
