/** Sets the document title of a page ("Blogs | Second Gear"); React 19 hoists <title> to <head>. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | Second Gear` : 'Second Gear'}</title>;
}
