// Types of pr-comment.mjs (plain JavaScript so actions/github-script can import it unbuilt).

export declare const REPORT_MARKER: string;

export interface IssueComment {
  id: number;
  body?: string;
  user?: { type?: string } | null;
}

/** The part of github-script's Octokit the comment needs. */
export interface CommentClient {
  paginate: (route: unknown, parameters: Record<string, unknown>) => Promise<IssueComment[]>;
  rest: {
    issues: {
      listComments: unknown;
      createComment: (parameters: { owner: string; repo: string; issue_number: number; body: string }) => Promise<{ data: { id: number } }>;
      updateComment: (parameters: { owner: string; repo: string; comment_id: number; body: string }) => Promise<unknown>;
    };
  };
}

export declare function upsertReportComment(args: {
  github: CommentClient;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  marker?: string;
}): Promise<{ action: 'created' | 'updated'; id: number }>;
