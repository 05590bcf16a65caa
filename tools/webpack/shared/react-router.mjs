// What the web apps share as `react-router` (create-mf-config.js aliases the package name here): the
// declarative router's everyday API only, so the shared singleton can be tree-shaken. Tests (Jest) use
// the real package, MemoryRouter included. Need another export? Add it below.
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router-full';
