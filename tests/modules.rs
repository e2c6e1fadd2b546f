//! The workspace's modules import in one direction: no two modules of a
//! crate (the command line, `dlx`, `sudoku`, the Python package) use each
//! other, directly or round a longer circle. A module and the modules it
//! contains count as one (a parent re-exporting its child's items while
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

/// The modules each module of the crate at `root` uses, modules it
/// contains or is contained in left out.
fn graph(root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(root);
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let text = code(&fs::read_to_string(file).unwrap());
        let mut uses = BTreeSet::new();
        for path in paths(&text, module) {
            let used = (0..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|prefix| modules.contains_key(prefix))
                .unwrap_or_default();
            let related = used.starts_with(module) || module.starts_with(&used);
            if !related {
                uses.insert(used);
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
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
        let graph = graph(&workspace.join(root));
        assert!(graph.len() > 5, "{root}: too few modules read");
        if let Some(found) = circle(&graph) {
            let names: Vec<String> = found.iter().map(name).collect();
            panic!("{root}: an import circle: {}", names.join(" → "));
        }
    }
}

/// The reading finds a circle where there is one: two modules of a scratch
/// crate that use each other, one through a group and one through `super`.
#[test]
fn a_circle_is_found() {
    let root = std::env::temp_dir().join(format!("dance-modules-{}", std::process::id()));
    fs::create_dir_all(root.join("a")).unwrap();
    fs::write(root.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    fs::write(
        root.join("a/mod.rs"),
        "mod c;\n// crate::b is not used here\n",
    )
    .unwrap();
    fs::write(root.join("a/c.rs"), "use crate::{b::Thing, a};\n").unwrap();
    fs::write(root.join("b.rs"), "fn f() { super::a::c::g(); }\n").unwrap();
    fs::write(root.join("a/d.rs"), "use super::super::b;\n").unwrap();
    let graph = graph(&root);
    let found = circle(&graph).map(|found| found.iter().map(name).collect::<Vec<_>>());
    fs::remove_dir_all(&root).unwrap();
    assert_eq!(found, Some(vec!["a::c".into(), "b".into(), "a::c".into()]));
}
