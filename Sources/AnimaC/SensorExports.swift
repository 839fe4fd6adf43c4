import Anima
import CAnima

// Sensors: an item made a sensor, the items over it, and the sensor events of a step.

@c @implementation
public func anima_item_set_sensor(_ item: anima_item, _ sensor: Bool) -> anima_status {
    writeItem("anima_item_set_sensor", item) { (a, id) throws(AnimaError) in try a.setSensor(sensor, of: id) }
}

@c @implementation
public func anima_item_is_sensor(_ item: anima_item, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readItem("anima_item_is_sensor", item, out, "out_sensor") { (a, id) throws(AnimaError) in try a.isSensor(id) }
}

@c @implementation
public func anima_item_get_sensor_visitors(_ item: anima_item, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_item_get_sensor_visitors") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let visitors = try engine { () throws(AnimaError) in try box.animator.visitors(ofSensor: id) }
        try copyOut(visitors, box.itemHandle, out, capacity, outCount, "out_items")
    }
}

@c @implementation
public func anima_animator_get_sensor_events(_ animator: anima_animator, _ began: Bool, _ outEvents: UnsafeMutablePointer<UnsafePointer<anima_sensor_event>?>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    exportEvents("anima_animator_get_sensor_events", animator, outEvents, outCount) {
        began ? $0.beganSensorEvents : $0.endedSensorEvents
    }
}
