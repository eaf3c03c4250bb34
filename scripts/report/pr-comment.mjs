// Keeps the contract report as ONE pull-request comment: the workflow calls this from
// actions/github-script with its authenticated client. The comment is found by the marker the
// report starts with (scripts/report/compose.ts) among the comments a bot wrote, and edited in
// place; only when there is none is a comment created. Plain JavaScript: github-script runs it
// without a build step. Types: pr-comment.d.mts.

export const REPORT_MARKER = '<!-- svc-contract-report -->';

/**
 * @param {{ github: any, owner: string, repo: string, issueNumber: number, body: string, marker?: string }} args
 * @returns {Promise<{ action: 'created' | 'updated', id: number }>}
 */
export async function upsertReportComment({ github, owner, repo, issueNumber, body, marker = REPORT_MARKER }) {
  const text = body.includes(marker) ? body : `${marker}\n${body}`;
  const comments = await github.paginate(github.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
  // A person quoting the report carries the marker too: only a bot's comment is the report.
  const previous = comments.find(
    (/** @type {{ body?: string, user?: { type?: string } }} */ comment) =>
      comment.user?.type === 'Bot' && typeof comment.body === 'string' && comment.body.includes(marker),
  );
  if (previous) {
    await github.rest.issues.updateComment({ owner, repo, comment_id: previous.id, body: text });
    return { action: 'updated', id: previous.id };
  }
  const created = await github.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: text });
  return { action: 'created', id: created.data.id };
}
