export function App() {
  return <main>Marketside sidepanel</main>;
}
