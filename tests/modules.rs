//! The workspace's modules import in one direction: no two modules of a
//! crate (the command line, `dlx`, `sudoku`, the Python package) use each
//! other, directly or round a longer circle — at every depth of folders.
//! At depth 1 each module counts as its top-level ancestor (`goals::memo::shared`
//! is `goals`), so the layers of a crate form no circle; at depth 2 as its
//! ancestor two deep (`goals::memo`), so the parts of one layer form none
//! either; and so on to the deepest module. A module and its own
//! ancestors count as one (a parent re-exporting its child's items while
//! the child uses its parent's is how a module is split into files).
//!
//! The graph is read from the sources: every `crate::…` and `super::…`
//! path outside comments and test modules, resolved to the longest module
//! it names.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path inside its crate: `["cover", "best"]`; empty for the
/// crate's root.
type Module = Vec<String>;

/// Every module of the crate whose root folder is `root`, with its file.
fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: Module = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            let last = module.last().cloned().unwrap_or_default();
            if last == "mod" || (module.len() == 1 && (last == "lib" || last == "main")) {
                module.pop();
            }
            found.insert(module, path);
        }
    }
    found
}

/// The code of a file without its comments and its test module.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths that `code`, the code of `module`, names after `crate::` or
/// `super::`: each as the names from the crate's root, a `{…}` group
/// giving one path per member.
fn paths(code: &str, module: &Module) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("::") {
        let start = code[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |k| k + 1);
        let mut rest = &code[at + 2..];
        let base: Module = match &code[start..at] {
            "crate" => Vec::new(),
            // The second `super` of `super::super::`, read with the first.
            "super" if start >= 2 && &code[start - 2..start] == "::" => continue,
            "super" => {
                // `super` of `a/b.rs` and of `a/b/mod.rs` is `a`.
                let mut parent = module.clone();
                parent.pop();
                while let Some(further) = rest.strip_prefix("super::") {
                    parent.pop();
                    rest = further;
                }
                parent
            }
            _ => continue,
        };
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            for member in group.split(',') {
                let names = member.split(" as ").next().unwrap_or("").trim();
                let mut path = base.clone();
                path.extend(names.split("::").map(|name| name.trim().to_owned()));
                paths.push(path);
            }
        } else {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let mut path = base;
            path.extend(
                rest[..end]
                    .split("::")
                    .filter(|n| !n.is_empty())
                    .map(str::to_owned),
            );
            paths.push(path);
        }
    }
    paths
}

/// The modules each module of the crate at `root` uses, every module
/// counted as its ancestor `depth` deep (itself when it is shallower), and
/// a module's own ancestors left out.
fn graph(root: &Path, depth: usize) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(root);
    let at_depth = |module: &Module| module[..module.len().min(depth)].to_vec();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = code(&fs::read_to_string(file).unwrap());
        let from = at_depth(module);
        let uses = graph.entry(from.clone()).or_default();
        for path in paths(&text, module) {
            let used = (0..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|prefix| modules.contains_key(prefix))
                .unwrap_or_default();
            let used = at_depth(&used);
            let related = used.starts_with(&from) || from.starts_with(&used);
            if !related {
                uses.insert(used);
            }
        }
    }
    graph
}

/// The depth of the deepest module of the crate at `root`.
fn deepest(root: &Path) -> usize {
    modules(root).keys().map(Vec::len).max().unwrap_or(0)
}

/// A circle of modules in `graph`, if there is one.
fn circle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    // Depth-first, with the path to the module being visited.
    fn visit(
        module: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut found = path[at..].to_vec();
            found.push(module.clone());
            return Some(found);
        }
        if !done.insert(module.clone()) {
            return None;
        }
        path.push(module.clone());
        for used in graph.get(module).into_iter().flatten() {
            if let Some(found) = visit(used, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(module, graph, &mut Vec::new(), &mut done))
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

#[test]
fn no_two_modules_of_a_crate_use_each_other() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    for root in ["src", "dlx/src", "sudoku/src", "python/src"] {
        let root = workspace.join(root);
        assert!(
            modules(&root).len() > 5,
            "{}: too few modules read",
            root.display()
        );
        for depth in 1..=deepest(&root) {
            if let Some(found) = circle(&graph(&root, depth)) {
                let names: Vec<String> = found.iter().map(name).collect();
                panic!(
                    "{}: an import circle at depth {depth}: {}",
                    root.display(),
                    names.join(" → ")
                );
            }
        }
    }
}

/// Writes the scratch crate `files` (path, text) into a folder of its own
/// and returns the first circle found at any depth, by names.
fn circle_in(files: &[(&str, &str)]) -> Option<Vec<String>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SCRATCH: AtomicUsize = AtomicUsize::new(0);
    let root = std::env::temp_dir().join(format!(
        "dance-modules-{}-{}",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    ));
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let found = (1..=deepest(&root)).find_map(|depth| circle(&graph(&root, depth)));
    fs::remove_dir_all(&root).unwrap();
    found.map(|found| found.iter().map(name).collect())
}

/// The reading finds a circle where there is one: two modules of a scratch
/// crate that use each other, one through a group and one through `super`.
#[test]
fn a_circle_is_found() {
    let found = circle_in(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a/mod.rs", "mod c;\n// crate::b is not used here\n"),
        ("a/c.rs", "use crate::{b::Thing, a};\n"),
        ("b.rs", "fn f() { super::a::c::g(); }\n"),
        ("a/d.rs", "use super::super::b;\n"),
    ]);
    assert_eq!(found, Some(vec!["a".into(), "b".into(), "a".into()]));
}

/// A circle through a parent and its child is found too: `memo` uses its
/// child `shared` (its own, so no edge), `shared` uses `split`, and `split`
/// uses an item that `memo` re-exports — three files, one circle, seen once
/// `memo::shared` counts as `memo`. The same circle one folder down is
/// found at depth 2.
#[test]
fn a_circle_through_a_child_is_found() {
    let flat = [
        ("lib.rs", "mod memo;\nmod split;\n"),
        (
            "memo/mod.rs",
            "mod shared;\npub use shared::Shared;\npub struct Order;\n",
        ),
        (
            "memo/shared.rs",
            "use crate::split::SplitError;\npub struct Shared;\n",
        ),
        (
            "split.rs",
            "use crate::memo::Order;\npub struct SplitError;\n",
        ),
    ];
    assert_eq!(
        circle_in(&flat),
        Some(vec!["memo".into(), "split".into(), "memo".into()])
    );
    let nested = [
        ("lib.rs", "mod goals;\n"),
        ("goals/mod.rs", "mod memo;\nmod split;\n"),
        ("goals/memo/mod.rs", "mod shared;\npub struct Order;\n"),
        (
            "goals/memo/shared.rs",
            "use crate::goals::split::SplitError;\n",
        ),
        (
            "goals/split.rs",
            "use crate::goals::memo::Order;\npub struct SplitError;\n",
        ),
    ];
    assert_eq!(
        circle_in(&nested),
        Some(vec![
            "goals::memo".into(),
            "goals::split".into(),
            "goals::memo".into()
        ])
    );
}
