import type { ArticleListQuery, CreateArticle, UpdateArticle } from '@common/article-schemas';
import type { Article, ArticleImage, ArticlePage } from '@common/articles';
import type { AppDeps, Viewer } from '../../lib/context';

// Skeleton (the contract): the articles helper fills these in.
export type ArticleDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

const todo = (): never => {
  throw new Error('not implemented yet');
};

export async function listArticles(
  _deps: ArticleDeps,
  _viewer: Viewer | null,
  _q: ArticleListQuery,
): Promise<ArticlePage> {
  return todo();
}
export async function getArticle(_deps: ArticleDeps, _viewer: Viewer, _id: string): Promise<Article> {
  return todo();
}
export async function createArticle(
  _deps: ArticleDeps,
  _viewer: Viewer,
  _input: CreateArticle,
): Promise<Article> {
  return todo();
}
export async function updateArticle(
  _deps: ArticleDeps,
  _viewer: Viewer,
  _id: string,
  _input: UpdateArticle,
): Promise<Article> {
  return todo();
}
export async function publishArticle(_deps: ArticleDeps, _viewer: Viewer, _id: string): Promise<Article> {
  return todo();
}
export async function deleteArticle(_deps: ArticleDeps, _viewer: Viewer, _id: string): Promise<void> {
  return todo();
}
export async function uploadArticleImage(
  _deps: ArticleDeps,
  _viewer: Viewer,
  _bytes: Uint8Array,
): Promise<ArticleImage> {
  return todo();
}
