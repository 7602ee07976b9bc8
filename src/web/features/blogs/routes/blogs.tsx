/**
 * Blogs page (docs/product.md §2 Blogs): heading "Blogs" and collapsible question-and-answer items
 * (native <details>, styled as daisyUI collapses: keyboard accessible without JavaScript).
 */
import { ErrorMessage } from '#web/components/error-message';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { useBlogs } from '../api/get-blogs';

export function BlogsRoute() {
  const { data: blogs, isPending, isError, error } = useBlogs();
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title="Blogs" />
      <h1 className="mb-8 text-center text-3xl font-bold">Blogs</h1>
      {isPending ? (
        <ProgressBar label="Loading blogs" />
      ) : isError ? (
        <ErrorMessage error={error} />
      ) : (
        <div className="space-y-3">
          {blogs.map((blog) => (
            <details
              key={blog._id}
              data-testid="blog-item"
              className="collapse-arrow collapse border border-base-300 bg-base-100 shadow-sm"
            >
              <summary className="collapse-title text-lg font-semibold">{blog.question}</summary>
              <div className="collapse-content">
                <p className="leading-relaxed whitespace-pre-line text-base-content/85">
                  {blog.answer}
                </p>
              </div>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
