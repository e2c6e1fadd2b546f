//! Building an `ExactCover`'s problem from Python values: the constructor's
//! items, options, secondary items, bounds and costs, and
//! `ExactCover.from_matrix`'s rows — with item names that are strings (the
//! problem's own names) or any hashable objects ([`Labels`]).

use dance_dlx::{Entry, ItemId, ItemKind, OptionDisplay, OptionId, Problem, ProblemBuilder};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyMapping, PyString, PyTuple};

use crate::args::{self, type_name};
use crate::errors::value_error;
use crate::labels::Labels;
use crate::matrix::Rows;

/// A problem, and the objects that name its items when they are not all
/// strings.
pub struct Built {
    /// The problem.
    pub problem: Problem,
    /// The items' objects, or `None` when the names are the strings.
    pub labels: Option<Labels>,
}

/// The constructor's arguments, read. The items are named by strings when
/// every one of `items` and `secondary` is a `str`, by [`Labels`] otherwise.
pub fn from_arguments(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    secondary: Option<&Bound<'_, PyAny>>,
    bounds: Option<&Bound<'_, PyAny>>,
    costs: Option<&Bound<'_, PyAny>>,
) -> PyResult<Built> {
    let primary = objects("items", items)?;
    let secondary = match secondary {
        Some(secondary) => objects("secondary", secondary)?,
        None => Vec::new(),
    };
    let named: Vec<(String, Bound<'_, PyAny>)> = primary
        .into_iter()
        .enumerate()
        .map(|(k, object)| (format!("items[{k}]"), object))
        .collect();
    let primary_count = named.len();
    let named: Vec<(String, Bound<'_, PyAny>)> = named
        .into_iter()
        .chain(
            secondary
                .into_iter()
                .enumerate()
                .map(|(k, object)| (format!("secondary[{k}]"), object)),
        )
        .collect();
    let strings = named
        .iter()
        .all(|(_, object)| object.is_instance_of::<PyString>());
    let labels = if strings {
        None
    } else {
        Some(Labels::new(py, &named)?)
    };
    let mut builder = Problem::builder();
    let mut bounds = bounds_arg(bounds)?;
    for (number, (name, object)) in named.iter().enumerate() {
        let item_name = match &labels {
            Some(_) => Labels::item_name(number),
            None => object.cast::<PyString>()?.to_str()?.to_owned(),
        };
        let added = if number < primary_count {
            let position = match &labels {
                Some(_) => position_of(&bounds, object)?,
                None => bounds.iter().position(|(key, _)| {
                    key.extract::<String>().ok().as_deref() == Some(&item_name)
                }),
            };
            match position {
                Some(position) => {
                    let (_, (min, max)) = bounds.swap_remove(position);
                    builder.primary_with_bounds(item_name, min, max)
                }
                None => builder.primary(item_name),
            }
        } else {
            builder.secondary(item_name)
        };
        added.map_err(|error| value_error(format!("{name}: {error}")))?;
    }
    if let Some((key, _)) = bounds.first() {
        return Err(value_error(format!(
            "bounds: {} is not a primary item",
            key.repr()?
        )));
    }
    let costs = costs_arg(costs)?;
    let Ok(iterator) = options.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "options: expected a list of options, found {}",
            type_name(options)
        )));
    };
    let mut count = 0;
    for (index, option) in iterator.enumerate() {
        let option = option?;
        // Costs short of the options are reported once every option is read.
        let cost = costs
            .as_ref()
            .and_then(|costs| costs.get(index).copied())
            .unwrap_or(0);
        match &labels {
            Some(labels) => add_labelled(
                py,
                &mut builder,
                labels,
                primary_count,
                index,
                &option,
                cost,
            )?,
            None => {
                let entries = option_entries(index, &option)?;
                add_option(&mut builder, &entries, cost)
                    .map_err(|error| value_error(format!("options[{index}]: {error}")))?;
            }
        }
        count += 1;
    }
    if let Some(costs) = &costs
        && costs.len() != count
    {
        return Err(value_error(format!(
            "costs: expected one cost per option, found {} for {count} options",
            costs.len()
        )));
    }
    Ok(Built {
        problem: builder.build(),
        labels,
    })
}

/// `from_matrix`'s problem: a primary item per column up to `primary` (all
/// of them by default), secondary ones after; named by `names` (the column
/// numbers by default).
pub fn from_rows(
    py: Python<'_>,
    rows: Rows,
    primary: Option<&Bound<'_, PyAny>>,
    names: Option<&Bound<'_, PyAny>>,
) -> PyResult<Built> {
    let columns = rows.columns;
    let primary = match primary {
        Some(primary) => args::ranged("primary", primary, 0, columns as u64)? as usize,
        None => columns,
    };
    let names = match names {
        Some(names) => {
            let names = objects("names", names)?;
            if names.len() != columns {
                return Err(value_error(format!(
                    "names: expected a name per column, found {} for {columns} columns",
                    names.len()
                )));
            }
            names
        }
        None => (0..columns)
            .map(|column| {
                column
                    .into_pyobject(py)
                    .map(Bound::into_any)
                    .map_err(PyErr::from)
            })
            .collect::<PyResult<_>>()?,
    };
    let named: Vec<(String, Bound<'_, PyAny>)> = names
        .into_iter()
        .enumerate()
        .map(|(k, object)| (format!("names[{k}]"), object))
        .collect();
    let strings = named
        .iter()
        .all(|(_, object)| object.is_instance_of::<PyString>());
    let labels = if strings {
        None
    } else {
        Some(Labels::new(py, &named)?)
    };
    let mut builder = Problem::builder();
    for (column, (name, object)) in named.iter().enumerate() {
        let item_name = match &labels {
            Some(_) => Labels::item_name(column),
            None => object.cast::<PyString>()?.to_str()?.to_owned(),
        };
        let added = if column < primary {
            builder.primary(item_name)
        } else {
            builder.secondary(item_name)
        };
        added.map_err(|error| value_error(format!("{name}: {error}")))?;
    }
    for (row, columns) in rows.options.iter().enumerate() {
        let entries = columns.iter().map(|&column| ItemId::new(column));
        builder
            .option(entries)
            .map_err(|error| value_error(format!("matrix row {row}: {error}")))?;
    }
    Ok(Built {
        problem: builder.build(),
        labels,
    })
}

/// The elements of the argument `name`, an iterable that is not a `str`.
fn objects<'py>(name: &str, value: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list of item names, found one str; put it in a list"
        )));
    }
    let Ok(items) = value.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list of item names, found {}",
            type_name(value)
        )));
    };
    items.collect()
}

/// Where in `bounds` the key `object` is (keys compared as Python does).
fn position_of(bounds: &[Bounded<'_>], object: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    for (position, (key, _)) in bounds.iter().enumerate() {
        if key.eq(object)? {
            return Ok(Some(position));
        }
    }
    Ok(None)
}

/// Adds option `index`, an iterable of item objects — each the object of
/// an item, `(object, color)`, or for an item named by a str `"name:color"`.
fn add_labelled(
    py: Python<'_>,
    builder: &mut ProblemBuilder,
    labels: &Labels,
    primary_count: usize,
    index: usize,
    option: &Bound<'_, PyAny>,
    cost: u64,
) -> PyResult<()> {
    let Ok(iterator) = option.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "options[{index}]: expected a list of items, found {}",
            type_name(option)
        )));
    };
    let mut entries: Vec<Entry> = Vec::new();
    for entry in iterator {
        let entry = entry?;
        let (item, color) = labelled_entry(py, labels, &entry)?.ok_or_else(|| {
            value_error(format!(
                "options[{index}]: unknown item {}",
                entry
                    .repr()
                    .map_or_else(|_| "?".to_owned(), |r| r.to_string())
            ))
        })?;
        let repr = || {
            labels
                .object(py, item)
                .and_then(|object| object.repr())
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        };
        if entries.iter().any(|known| known.item == item) {
            return Err(value_error(format!(
                "options[{index}]: item {} appears twice in one option",
                repr()
            )));
        }
        let color = match color {
            Some(color) => {
                if item.index() < primary_count {
                    return Err(value_error(format!(
                        "options[{index}]: primary item {} cannot have a color",
                        repr()
                    )));
                }
                Some(
                    builder
                        .color(&color)
                        .map_err(|error| value_error(format!("options[{index}]: {error}")))?,
                )
            }
            None => None,
        };
        entries.push(Entry { item, color });
    }
    builder
        .option_with_cost(entries, cost)
        .map_err(|error| value_error(format!("options[{index}]: {error}")))?;
    Ok(())
}

/// The item and color of one labelled entry, or `None` when it names no
/// item.
fn labelled_entry(
    py: Python<'_>,
    labels: &Labels,
    entry: &Bound<'_, PyAny>,
) -> PyResult<Option<(ItemId, Option<String>)>> {
    if let Some(item) = labels.item(py, entry)? {
        return Ok(Some((item, None)));
    }
    if let Ok(pair) = entry.cast::<PyTuple>()
        && pair.len() == 2
        && let Ok(color) = pair.get_item(1)?.extract::<String>()
        && let Some(item) = labels.item(py, &pair.get_item(0)?)?
    {
        return Ok(Some((item, Some(color))));
    }
    if let Ok(text) = entry.cast::<PyString>()
        && let Some((name, color)) = text.to_str()?.split_once(':')
        && let Some(item) = labels.item(py, PyString::new(py, name).as_any())?
    {
        return Ok(Some((item, Some(color.to_owned()))));
    }
    Ok(None)
}

/// The entries of option `index` of the `options` argument: a string of
/// entries separated by spaces, or a list of entries.
fn option_entries(index: usize, option: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = option.cast::<PyString>() {
        return Ok(text
            .to_str()?
            .split_whitespace()
            .map(str::to_owned)
            .collect());
    }
    if option.try_iter().is_err() {
        return Err(PyTypeError::new_err(format!(
            "options[{index}]: expected a str or a list of str, found {}",
            type_name(option)
        )));
    }
    args::strings(&format!("options[{index}]"), option)
}

/// Adds one option of `item` and `item:color` entries (and `|n` costs, as
/// the text format writes them, added to `cost`).
fn add_option(builder: &mut ProblemBuilder, entries: &[String], cost: u64) -> Result<(), String> {
    let mut option = Vec::with_capacity(entries.len());
    let mut cost = cost;
    for entry in entries {
        if let Some(number) = entry.strip_prefix('|') {
            let added: u64 = number
                .parse()
                .map_err(|_| format!("a cost is |n with n from 0 to 2**64 - 1, found {entry:?}"))?;
            cost = cost
                .checked_add(added)
                .ok_or_else(|| "the option's costs add up past 2**64 - 1".to_owned())?;
            continue;
        }
        let (name, color) = match entry.split_once(':') {
            Some((name, color)) => (name, Some(color)),
            None => (entry.as_str(), None),
        };
        let item = builder
            .item_named(name)
            .map_err(|error| error.to_string())?;
        let color = match color {
            Some("") => return Err(format!("empty color in {entry:?}")),
            Some(color) => Some(builder.color(color).map_err(|error| error.to_string())?),
            None => None,
        };
        option.push(Entry { item, color });
    }
    builder
        .option_with_cost(option, cost)
        .map_err(|error| error.to_string())?;
    Ok(())
}

/// A `bounds=` key, as given, with its `(min, max)`.
type Bounded<'py> = (Bound<'py, PyAny>, (u32, u32));

/// `bounds=`: a mapping of primary items' names to `n` (exactly n) or
/// `(min, max)`, keys as given.
fn bounds_arg<'py>(bounds: Option<&Bound<'py, PyAny>>) -> PyResult<Vec<Bounded<'py>>> {
    let Some(bounds) = bounds else {
        return Ok(Vec::new());
    };
    let Ok(mapping) = bounds.cast::<PyMapping>() else {
        return Err(PyTypeError::new_err(format!(
            "bounds: expected a dict of item names to n or (min, max), found {}",
            type_name(bounds)
        )));
    };
    let mut read = Vec::new();
    for pair in mapping.items()?.iter() {
        let (name, bound): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
        let range = bound
            .extract::<u32>()
            .map(|exact| (exact, exact))
            .or_else(|_| bound.extract::<(u32, u32)>())
            .ok()
            .filter(|_| !bound.is_instance_of::<PyBool>());
        let Some(range) = range else {
            return Err(value_error(format!(
                "bounds[{}]: expected n or (min, max) with 0 <= min <= max, found {bound}",
                name.repr()?
            )));
        };
        read.push((name, range));
    }
    Ok(read)
}

/// `costs=`: one cost per option, each an int from 0 to 2⁶⁴ − 1.
fn costs_arg(costs: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<u64>>> {
    let Some(costs) = costs else {
        return Ok(None);
    };
    let Ok(iterator) = costs.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "costs: expected a list of ints, one per option, found {}",
            type_name(costs)
        )));
    };
    iterator
        .enumerate()
        .map(|(index, cost)| args::ranged(&format!("costs[{index}]"), &cost?, 0, u64::MAX))
        .collect::<PyResult<Vec<u64>>>()
        .map(Some)
}

/// The constructor's arguments that rebuild `problem` (pickle's): the
/// primary items, the options as their entries, and the keywords
/// `secondary`, `bounds` and `costs`.
pub fn arguments<'py>(
    py: Python<'py>,
    problem: &Problem,
    labels: Option<&Labels>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>, Bound<'py, PyDict>)> {
    let primary = PyList::empty(py);
    let secondary = PyList::empty(py);
    let bounds = PyDict::new(py);
    for item in problem.items() {
        let name = item_object(py, problem, labels, item)?;
        match problem.item_kind(item) {
            ItemKind::Primary => {
                if let Some(range) = problem.item_bounds(item).filter(|r| *r != (1..=1)) {
                    bounds.set_item(&name, (*range.start(), *range.end()))?;
                }
                primary.append(name)?;
            }
            ItemKind::Secondary => secondary.append(name)?,
        }
    }
    let options = PyList::empty(py);
    for (option, _) in problem.options() {
        options.append(entries(py, problem, labels, option)?)?;
    }
    let keywords = PyDict::new(py);
    keywords.set_item("secondary", secondary)?;
    keywords.set_item("bounds", bounds)?;
    if problem.has_costs() {
        let costs: Vec<u64> = problem
            .options()
            .map(|(o, _)| problem.option_cost(o))
            .collect();
        keywords.set_item("costs", costs)?;
    }
    Ok((primary, options, keywords))
}

/// An item's name as the caller gave it: its object, or its str name.
pub fn item_object<'py>(
    py: Python<'py>,
    problem: &Problem,
    labels: Option<&Labels>,
    item: ItemId,
) -> PyResult<Bound<'py, PyAny>> {
    match labels {
        Some(labels) => labels.object(py, item),
        None => Ok(PyString::new(py, problem.item_name(item)).into_any()),
    }
}

/// An option's entries as the caller gave them: the items' objects (with
/// colors), or the text format's `item` and `item:color` strings.
pub fn entries<'py>(
    py: Python<'py>,
    problem: &Problem,
    labels: Option<&Labels>,
    option: OptionId,
) -> PyResult<Bound<'py, PyList>> {
    match labels {
        Some(labels) => PyList::new(
            py,
            problem
                .option(option)
                .iter()
                .map(|entry| labels.entry(py, problem, entry.item, entry.color))
                .collect::<PyResult<Vec<_>>>()?,
        ),
        None => {
            let text = OptionDisplay::new(problem, option).to_string();
            // The text format writes a cost as a last `|n` entry: entries are
            // the items only.
            PyList::new(py, text.split(' ').filter(|entry| !entry.starts_with('|')))
        }
    }
}
