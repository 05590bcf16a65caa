// What the web apps share as `react-router` (create-mf-config.js aliases the package name here): the
// declarative router only, so the shared singleton can be tree-shaken. Need another export? Add it below.
export {
  BrowserRouter, MemoryRouter, Routes, Route, Link, NavLink, Navigate, Outlet,
  useLocation, useNavigate, useParams, useSearchParams, useMatch, useHref, useResolvedPath, useInRouterContext,
  useNavigationType, useOutlet, useOutletContext, useRoutes,
  matchPath, matchRoutes, generatePath, resolvePath, createSearchParams, createPath, parsePath,
} from 'react-router-full';
