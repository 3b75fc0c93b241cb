//! How a rules state and a rules search look in the report: the state view (text and JSON) and
//! the typed fields the kind adds to the JSON document (docs/json.md, docs/schema/rules.json;
//! a layer search's are the move puzzles', state_space::layers).

use super::display::{Display, picture};
use super::layout::{Layout, Shape};
use crate::families::state_space::layers::LayerDetails;
use crate::report::StateView;
use serde::Serialize;

/// The fields every rules report adds.
#[derive(Debug, Serialize)]
pub struct RulesDetails {
    /// Bits of the packed state.
    pub state_bits: u32,
    /// Moves with their parameters fixed (what each state tries).
    pub move_instances: usize,
    /// States stored per second of search.
    pub states_per_second: f64,
    /// `longest`, `reachable`: the layers.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub layers: Option<LayerDetails>,
    /// With declared symmetries: the classes at each distance (`layer_counts` counts states).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_counts: Option<Vec<u64>>,
}

/// `ml=3 cl=3 boat=0 lights=[1,0,1]` for the terminal, an object of the variables for JSON.
/// With a `[display]` array, the state is also drawn as its grid.
pub fn view<W: super::word::Word>(layout: &Layout, display: Option<&Display>, s: W) -> StateView {
    let values = layout.unpack(s);
    let mut text = Vec::new();
    let mut data = serde_json::Map::new();
    for var in &layout.vars {
        let own = &values[var.first..var.first + var.len()];
        let (shown, json) = match var.shape {
            Shape::Bool => (
                (own[0] != 0).to_string(),
                serde_json::Value::from(own[0] != 0),
            ),
            Shape::Number => (own[0].to_string(), serde_json::Value::from(own[0])),
            Shape::Array(_) => {
                let items: Vec<String> = own.iter().map(i64::to_string).collect();
                (
                    format!("[{}]", items.join(",")),
                    serde_json::Value::from(own.to_vec()),
                )
            }
        };
        text.push(format!("{}={shown}", var.name));
        data.insert(var.name.clone(), json);
    }
    StateView {
        text: text.join(" "),
        data: data.into(),
        picture: display.map(|d| picture(layout, d, &values)),
    }
}
